#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: gimp-help-en
# (The English GIMP 2.10 user manual as DocBook HTML, one page per chapter, section or tool/filter/menu entry as
#  shipped in /usr/share/gimp/2.0/help/en: the 685 *.html pages only, flat. Not images/ (the English screenshots)
#  nor gimp-help-common's shared images, not the CSS files, not gimp-help.xml or gimp-xrefs.xml (GIMP's help-ID
#  maps), not the other languages' gimp-help-* packages, not gimp-help-common's AUTHORS, NEWS, README, changelogs.)
C=${CORPORA:-/work/corpora}/gimp-help
rm -rf "$C"; mkdir -p "$C"
copy_html_pages /usr/share/gimp/2.0/help/en "$C"   # index.html, gimp-tool-clone.html, filters-enhance.html, ...
