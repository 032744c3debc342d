#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: grass-doc
# (The GRASS GIS 8.2 reference manual as Debian ships it: every HTML page at the top of
#  /usr/share/doc/grass-doc/html, i.e. the module pages (r.*, v.*, g.*, d.*, i.*, t.*, r3.*, db.*, m.*, ps.map,
#  wxGUI.*), the intro and topic pages (rasterintro, topic_hydrology, ...), the index pages and the driver pages.
#  The subfolders hold only PNG images and a jquery symlink, so no page lives below the top.)
C=${CORPORA:-/work/corpora}/grass-manual
rm -rf "$C"; mkdir -p "$C"
copy_html_pages /usr/share/doc/grass-doc/html "$C"   # r.watershed.html, topic_hydrology.html, index.html, ...
