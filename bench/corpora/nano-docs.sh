#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
. "$(dirname "${BASH_SOURCE[0]}")/lib/info.sh"
# packages: nano info bsdextrautils man-db groff-base
# (nano ships its manual as info (nano.info.gz) and three manual pages: nano(1), rnano(1) and nanorc(5); the
#  --grep pattern keeps English pages only. Not copied: faq.html, nano.html, README, NEWS, changelog, the
#  sample.nanorc and the syntax files under /usr/share/nano.)
C=${CORPORA:-/work/corpora}/nano-docs
rm -rf "$C"; mkdir -p "$C"
render_info_manual /usr/share/info/nano.info.gz "$C/nano.info.txt"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" nano   # nano.1.txt, rnano.1.txt, nanorc.5.txt
