#!/usr/bin/env bash
set -euo pipefail
# packages: shorewall-doc
# (The English HTML documentation of Shorewall 5.2 as Debian ships it in shorewall-doc: the articles and guides
#  of /usr/share/doc/shorewall-doc/html (*.htm and *.html) and the HTML manual pages of
#  /usr/share/doc/shorewall-doc/manpages (*.html). Left out: the French and Russian translations (*_fr.*,
#  *_ru.*), the index.html symlink (a copy of Documentation_Index.html), the manpages symlink, the images and
#  diagrams, and the DocBook *.xml / *.xml.gz sources the manual pages were built from.)
C=${CORPORA:-/work/corpora}/shorewall-docs
D=/usr/share/doc/shorewall-doc
rm -rf "$C"; mkdir -p "$C/html" "$C/manpages"
find "$D/html" -maxdepth 1 -type f \( -name '*.htm' -o -name '*.html' \) \
  ! -name '*_fr.htm*' ! -name '*_ru.htm*' -print0 | xargs -0 cp -p -t "$C/html"
cp -p "$D"/manpages/*.html "$C/manpages/"
