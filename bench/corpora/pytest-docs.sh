#!/usr/bin/env bash
set -euo pipefail
# packages: python-pytest-doc cpio
C=${CORPORA:-/work/corpora}/pytest-docs
rm -rf "$C"
H=/usr/share/doc/python-pytest-doc/html
mkdir -p "$C"
cd "$H" && find . -type f \( -name '*.html' -o -name '*.html.gz' \) \
    -not -path './_static/*' -not -path './_sources/*' -not -path './_modules/*' \
    -not -name 'search.html' -not -name 'genindex.html' -print0 | cpio -0 -pdm --quiet "$C"
