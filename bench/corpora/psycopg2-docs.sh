#!/usr/bin/env bash
set -euo pipefail
# packages: python-psycopg2-doc
C=${CORPORA:-/work/corpora}/psycopg2-docs
rm -rf "$C"; mkdir -p "$C"
cd /usr/share/doc/python-psycopg2-doc/html
for f in *.html; do
  case "$f" in search.html|genindex.html|py-modindex.html) ;; *) cp -L "$f" "$C/" ;; esac
done
