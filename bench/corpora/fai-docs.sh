#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: fai-doc fai-client fai-server fai-setup-storage man-db groff-base bsdextrautils
# (Only the PDF copy of the FAI Guide: fai-doc also ships it as fai-guide.html, fai-guide.txt.gz and
#  fai-guide.text.gz, which repeat the same text. The example config space, changelogs and copyright are left out.)
C=${CORPORA:-/work/corpora}/fai-docs
rm -rf "$C"; mkdir -p "$C"
cp -pL /usr/share/doc/fai-doc/fai-guide.pdf "$C/fai-guide.pdf"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C/man" fai-client fai-server fai-setup-storage
# expect: 26 files (fai-guide.pdf and man/*.txt: fai.8.txt, setup-storage.8.txt, fai.conf.5.txt, ...)
