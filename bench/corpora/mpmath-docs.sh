#!/usr/bin/env bash
set -euo pipefail
# packages: python-mpmath-doc
D=/usr/share/doc/python-mpmath-doc
C=${CORPORA:-/work/corpora}/mpmath-docs
rm -rf "$C" && mkdir -p "$C/calculus" "$C/functions"
cd "$D/html"
for f in *.html; do
  case "$f" in search.html|genindex.html|py-modindex.html) ;; *) cp -p "$f" "$C/" ;; esac
done
cp -p calculus/*.html "$C/calculus/"
cp -p functions/*.html "$C/functions/"
# The upstream README and change log ship gzipped and without a readable suffix.
zcat "$D/README.rst.gz" > "$C/README.rst"
zcat "$D/changelog.gz" > "$C/CHANGES.txt"
