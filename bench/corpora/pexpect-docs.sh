#!/usr/bin/env bash
set -euo pipefail
# packages: python-pexpect-doc
D=/usr/share/doc/python-pexpect-doc
R=${CORPORA:-/work/corpora}/pexpect-docs
rm -rf "$R" && mkdir -p "$R/api" "$R/examples"
cd "$D/html"
for f in *.html; do
  case "$f" in search.html|genindex.html|py-modindex.html) ;; *) cp -p "$f" "$R/" ;; esac
done
cp -p api/*.html "$R/api/"
cp -p "$D/examples/README" "$R/examples/README.txt"
