#!/usr/bin/env bash
set -euo pipefail
# packages: python-hypothesis-doc
D=/usr/share/doc/python-hypothesis-doc
C=${CORPORA:-/work/corpora}/hypothesis-docs
rm -rf "$C" && mkdir -p "$C"
cd "$D/html"
for f in *.html; do
  case "$f" in search.html|genindex.html|py-modindex.html) ;; *) cp -pL "$f" "$C/" ;; esac
done
