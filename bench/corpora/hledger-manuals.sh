#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: hledger man-db groff-base bsdextrautils
# (hledger 1.25 ships one English manual page, hledger.1, which also holds the journal, CSV and timeclock/timedot
#  format chapters; there are no hledger-*.1 or journal-format pages in the package. Its Info manual,
#  /usr/share/doc/hledger/hledger.info.gz, is built from the same text and adds nothing but node names, so it is
#  left out.)
C=${CORPORA:-/work/corpora}/hledger-manuals
rm -rf "$C"; mkdir -p "$C"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" hledger   # hledger.1.txt
