#!/usr/bin/env bash
set -euo pipefail
# packages: python-toolz-doc
D=/usr/share/doc/python-toolz-doc/html
C=${CORPORA:-/work/corpora}/toolz-docs
rm -rf "$C" && mkdir -p "$C"
D=$(readlink -f "$D")
cd "$D"
# Every HTML page (subfolders kept), except Sphinx's search/index pages and its generated trees.
find -L . -type f -name '*.html' \
  -not -path './_static/*' -not -path './_sources/*' -not -path './_modules/*' \
  -not -name search.html -not -name genindex.html -not -name py-modindex.html -print0 |
while IFS= read -r -d '' f; do
  f=${f#./}
  mkdir -p "$C/$(dirname "$f")"
  cp -pL "$f" "$C/$f"
done
