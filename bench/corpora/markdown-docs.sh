#!/usr/bin/env bash
set -euo pipefail
# packages: python-markdown-doc
C=${CORPORA:-/work/corpora}/markdown-docs
rm -rf "$C"
D=/usr/share/doc/python-markdown-doc/docs
mkdir -p "$C"
cd "$D" && find . -name '*.html' ! -name search.html | sort | while read -r f; do
  mkdir -p "$C/$(dirname "$f")"
  cp -p "$f" "$C/$f"
done
