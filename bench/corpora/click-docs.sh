#!/usr/bin/env bash
set -euo pipefail
# packages: python-click-doc
C=${CORPORA:-/work/corpora}/click-docs
rm -rf "$C"; mkdir -p "$C"
cd /usr/share/doc/python-click-doc/html
for f in *.html; do
  case "$f" in search.html|genindex.html) ;; *) cp -p "$f" "$C/" ;; esac
done
