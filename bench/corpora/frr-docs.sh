#!/usr/bin/env bash
set -euo pipefail
# packages: frr-doc
C=${CORPORA:-/work/corpora}/frr-docs
rm -rf "$C"
mkdir -p "$C"
cd /usr/share/doc/frr/html
for f in *.html; do
  case "$f" in genindex.html|search.html) ;; *) cp -p "$f" "$C/" ;; esac
done
