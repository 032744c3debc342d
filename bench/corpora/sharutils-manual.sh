#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
. "$(dirname "${BASH_SOURCE[0]}")/lib/info.sh"
# packages: sharutils sharutils-doc info man-db groff-base bsdextrautils
# (sharutils-doc installs the same manual as HTML pages in /usr/share/doc/sharutils/; the info manual is rendered
#  to plain text instead, as binutils-manual does, so the HTML copy is not taken. sharutils-doc's changelog.gz is
#  byte-identical to the one of sharutils. Not copied: copyright files, changelog.Debian.gz, translations.)
C=${CORPORA:-/work/corpora}/sharutils-manual
rm -rf "$C"; mkdir -p "$C"
render_info_manual /usr/share/info/sharutils.info.gz "$C/sharutils.info.txt"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" sharutils   # shar.1.txt, ..., uuencode.5.txt
D=/usr/share/doc/sharutils
cp "$D/README" "$C/README.txt"
cp "$D/THANKS" "$C/THANKS.txt"
cp "$D/TODO" "$C/TODO.txt"
gzip -dc "$D/NEWS.gz" > "$C/NEWS.txt"
gzip -dc "$D/changelog.gz" > "$C/ChangeLog.txt"
