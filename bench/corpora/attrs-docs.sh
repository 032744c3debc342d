#!/usr/bin/env bash
set -euo pipefail
# packages: python-attr-doc
C=${CORPORA:-/work/corpora}/attrs-docs
rm -rf "$C"; mkdir -p "$C"
cd /usr/share/doc/python-attr-doc/html && for f in *.html; do
  case "$f" in search.html|genindex.html|py-modindex.html) ;; *) cp -L "$f" "$C/" ;; esac
done
