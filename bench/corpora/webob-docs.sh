#!/usr/bin/env bash
set -euo pipefail
# packages: python-webob-doc
D=/usr/share/doc/python-webob-doc
C=${CORPORA:-/work/corpora}/webob-docs
rm -rf "$C" && mkdir -p "$C"
cd "$D"
# Every Sphinx HTML page, keeping subfolders (api/, experimental/); skip the search/index pages and Sphinx
# support folders. -L follows symlinks so real files are copied.
find -L . -type f -name '*.html' \
  ! -path './_static/*' ! -path './_sources/*' ! -path './_modules/*' \
  ! -name search.html ! -name genindex.html ! -name py-modindex.html -print0 |
  while IFS= read -r -d '' f; do
    mkdir -p "$C/$(dirname "$f")"
    cp -pL "$f" "$C/$f"
  done
