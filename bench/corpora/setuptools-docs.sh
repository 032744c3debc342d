#!/usr/bin/env bash
set -euo pipefail
# packages: python-setuptools-doc
C=${CORPORA:-/work/corpora}/setuptools-docs
rm -rf "$C"
mkdir -p "$C"
cd /usr/share/doc/python-setuptools-doc/html && \
  find . -name '*.html' -not -path './_*' -not -name 'search.html' \
    -exec cp --parents -p {} "$C/" \;
