#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: ghostscript-doc
# (The Sphinx-built HTML manual of Ghostscript 10.0 only. Left out: _sources/*.rst (the sources of the same
#  pages), _static/ (css, javascript, fonts, images), Sphinx's search.html, genindex.html and the empty
#  genindex-all.html, footer.html (a licence footer fragment), toc.html (a list of every page's headings),
#  ../News.htm (an older copy of News.html), GS9_Color_Management.pdf, COPYING.gz and the Debian changelogs.)
C=${CORPORA:-/work/corpora}/ghostscript-docs
rm -rf "$C"; mkdir -p "$C"
copy_html_pages /usr/share/doc/ghostscript/html "$C"   # API.html, Use.html, Devices.html, ... index.html
rm -f "$C/genindex-all.html" "$C/footer.html" "$C/toc.html"
