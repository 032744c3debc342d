#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: firejail man-db groff-base bsdextrautils
# (The 7 English manual pages of Firejail 0.9.72 as Debian ships them: firejail.1, firecfg.1, firemon.1,
#  jailcheck.1, firejail-login.5, firejail-profile.5 and firejail-users.5. The package ships no translations.)
C=${CORPORA:-/work/corpora}/firejail-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" firejail   # firejail.1.txt, firejail-profile.5.txt, ...
