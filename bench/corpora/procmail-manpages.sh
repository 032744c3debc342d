#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: procmail man-db groff-base bsdextrautils
# (procmail ships English pages only, in man1 and man5: procmail.1, formail.1, lockfile.1, mailstat.1,
#  procmailrc.5, procmailex.5, procmailsc.5; none is a link or a .so redirect.)
C=${CORPORA:-/work/corpora}/procmail-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" procmail
