#!/usr/bin/env bash
set -euo pipefail
# packages: python-pexpect-doc
D=/usr/share/doc/python-pexpect-doc
C=${CORPORA:-/work/corpora}/pexpect-docs
rm -rf "$C" && mkdir -p "$C/api" "$C/examples"
cd "$D/html"
for f in *.html; do
  case "$f" in search.html|genindex.html|py-modindex.html) ;; *) cp -p "$f" "$C/" ;; esac
done
cp -p api/*.html "$C/api/"
cp -p "$D/examples/README" "$C/examples/README.txt"
