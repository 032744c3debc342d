#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
. "$(dirname "${BASH_SOURCE[0]}")/lib/info.sh"
# packages: gperf info man-db groff-base bsdextrautils
# (gperf ships its manual as info and as one HTML page, /usr/share/doc/gperf/gperf.html; the info manual is
#  rendered to plain text, as binutils-manual does, so the HTML copy is not taken. Its one manual page, gperf(1),
#  is rendered with render_man_pages. Not copied: README, NEWS, changelogs, copyright, the example .gperf files.)
C=${CORPORA:-/work/corpora}/gperf-manual
rm -rf "$C"; mkdir -p "$C"
render_info_manual /usr/share/info/gperf.info.gz "$C/gperf.info.txt"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" gperf   # gperf.1.txt
