#!/usr/bin/env bash
set -euo pipefail
# packages: python-pyparsing-doc
H=/usr/share/doc/python-pyparsing-doc
C=${CORPORA:-/work/corpora}/pyparsing-docs
rm -rf "$C" && mkdir -p "$C/html" "$C/examples"
cd "$H/html" && for f in *.html; do
  case "$f" in search.html|genindex.html|py-modindex.html) ;; *) cp -p "$f" "$C/html/";; esac
done
cp -p "$H/README.rst" "$C/"
cp -p "$H/examples/0README.html" "$C/examples/"
zcat "$H/changelog.gz" > "$C/CHANGES.txt"
