#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: graphviz-doc graphviz man-db groff-base bsdextrautils
# (The HTML pages, html/ and html/info/, are copied as shipped; the graphviz package's English manual pages are
#  rendered to man/. graphviz-doc's PDFs of the section-1 pages (and prune.pdf, the prune(1) page) repeat those
#  manual pages and are left out, as are the symlinked ones; the guides (dotguide, neatoguide, libguide, ...) and
#  the section-3 library pages have no HTML or manual-page copy, so they are copied to pdf/, decompressed. Not
#  copied: the images, html/schema/ (XML), the examples/ graphs and demo scripts, copyright and changelogs.)
C=${CORPORA:-/work/corpora}/graphviz-docs
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc/graphviz
copy_html_pages --recursive "$D/html" "$C/html"   # FAQ.html, build.html, ..., info/attrs.html, info/shapes.html
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C/man" graphviz   # dot.1.txt, gvpr.1.txt, ...
mkdir -p "$C/pdf"
for f in "$D"/pdf/*.pdf.gz; do
  n=$(basename "$f" .gz)
  [ -L "$f" ] && continue
  case "$n" in
    *.1.pdf | prune.pdf) continue ;;
  esac
  gzip -dc "$f" > "$C/pdf/$n"
done
mkdir -p "$C/doc"
gzip -dc "$D/Dot.ref.gz" > "$C/doc/Dot.ref.txt"
gzip -dc "$D/fontfaq.txt.gz" > "$C/doc/fontfaq.txt"
cp "$D/latex_suggestions.txt" "$C/doc/latex_suggestions.txt"
cp "$D/AUTHORS" "$C/doc/AUTHORS.txt"
