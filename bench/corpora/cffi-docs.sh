#!/usr/bin/env bash
set -euo pipefail
# packages: python-cffi-doc
D=/usr/share/doc/python-cffi-doc
C=${CORPORA:-/work/corpora}/cffi-docs
rm -rf "$C" && mkdir -p "$C"
cd "$D/html"
for f in *.html; do
  case "$f" in search.html|genindex.html) ;; *) cp -p "$f" "$C/" ;; esac
done
