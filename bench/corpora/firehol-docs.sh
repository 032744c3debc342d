#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: firehol-doc man-db groff-base bsdextrautils
# (firehol-doc ships only section-5 pages, all in English; the 76 alias pages such as firehol-accept.5 or
#  firehol.conf.5 are symlinks to the page that documents them and are skipped. Left out: the same manual as a
#  PDF (/usr/share/doc/firehol/firehol-manual.pdf and its firehol-manual.css), the example configurations, the
#  changelogs, the copyright file and the doc-base / lintian files.)
C=${CORPORA:-/work/corpora}/firehol-docs
rm -rf "$C"; mkdir -p "$C"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" firehol-doc   # firehol-conf.5.txt, ...
# expect: 32 files, 259858 bytes of files (find "$C" -type f | xargs cat | wc -c)
