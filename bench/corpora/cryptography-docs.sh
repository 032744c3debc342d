#!/usr/bin/env bash
set -euo pipefail
# packages: python-cryptography-doc
C=${CORPORA:-/work/corpora}/cryptography-docs
rm -rf "$C"; mkdir -p "$C"
S=/usr/share/doc/python-cryptography-doc/html
cd "$S" && find . -type f \( -name '*.html' -o -name '*.html.gz' \) ! -path './_*' \
    ! -name search.html ! -name genindex.html | sort | while read f; do
  mkdir -p "$C/$(dirname "$f")"; cp -L "$f" "$C/$f"; done
