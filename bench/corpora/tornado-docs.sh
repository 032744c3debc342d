#!/usr/bin/env bash
set -euo pipefail
# packages: python-tornado-doc
C=${CORPORA:-/work/corpora}/tornado-docs
rm -rf "$C"; mkdir -p "$C"
SRC=/usr/share/doc/python-tornado-doc/html
cd "$SRC" && find . -name '*.html' -not -path './_*' \
    -not -name search.html -not -name genindex.html -not -name py-modindex.html -print0 | sort -z |
  while IFS= read -r -d '' f; do mkdir -p "$C/$(dirname "$f")"; cp -p "$f" "$C/$f"; done
