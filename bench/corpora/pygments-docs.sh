#!/usr/bin/env bash
set -euo pipefail
# packages: python-pygments-doc
C=${CORPORA:-/work/corpora}/pygments-docs
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc/python-pygments-doc/html
cd "$D" && find . \( -path ./_static -o -path ./_sources -o -path ./_modules \) -prune -o -type f \
    \( -name '*.html' -o -name '*.html.gz' \) -print \
  | grep -vE '^\./(search|genindex|py-modindex)\.html$' | sort | while read f; do
  mkdir -p "$C/$(dirname "$f")"
  cp -p "$f" "$C/$f"
done
