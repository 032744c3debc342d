#!/usr/bin/env bash
set -euo pipefail
# packages: imagemagick-6-doc
# (imagemagick-6-doc installs its pages under imagemagick-6-common's doc folder. The pages at the top of html/www
#  are copied, search.html excepted: the command-line tools, options, processing, formats and the other guides.
#  Left out: the API reference folders www/api/ (MagickCore, MagickWand) and www/Magick++/, the overview pages of
#  those three APIs (magick-core.html, magick-wand.html, magick++.html), html/index.html (a copy of
#  www/index.html with other links), www/source/ (example sources and XML files), the images and stylesheets.
#  The shared HTML page copier (lib/sphinx.sh) is not used: www/www is a symlink to www itself, on which its
#  `find -L` stops with an error.
#  The pages are XHTML saved as .html, with a self-closed <iframe .../> in the navigation bar: Carrel reads a
#  page that declares XHTML as XHTML (decision 0156), so they are copied as shipped.)
C=${CORPORA:-/work/corpora}/imagemagick-docs
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc/imagemagick-6-common/html/www
for f in "$D"/*.html; do
  n=$(basename "$f")
  case "$n" in
    search.html | magick-core.html | magick-wand.html | magick++.html) continue ;;
  esac
  cp -p "$f" "$C/$n"
done
