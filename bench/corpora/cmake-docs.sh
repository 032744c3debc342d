#!/usr/bin/env bash
set -euo pipefail
# packages: cmake-doc
C=${CORPORA:-/work/corpora}/cmake-docs
rm -rf "$C"
SRC=/usr/share/doc/cmake-data/html
mkdir -p "$C"
cd "$SRC" && find . -name '*.html' -not -path './_*' -not -name genindex.html -not -name search.html \
    -exec cp --parents -p {} "$C"/ \;
