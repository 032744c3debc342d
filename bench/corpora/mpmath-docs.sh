#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-mpmath-doc
D=/usr/share/doc/python-mpmath-doc
C=${CORPORA:-/work/corpora}/mpmath-docs
rm -rf "$C" && mkdir -p "$C/calculus" "$C/functions"
cd "$D/html"
copy_html_pages "$D/html" "$C"
cp -p calculus/*.html "$C/calculus/"
cp -p functions/*.html "$C/functions/"
# The upstream README and change log ship gzipped and without a readable suffix.
zcat "$D/README.rst.gz" > "$C/README.rst"
zcat "$D/changelog.gz" > "$C/CHANGES.txt"
