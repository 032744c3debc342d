#!/usr/bin/env bash
set -euo pipefail
# packages: python-babel-doc cpio
C=${CORPORA:-/work/corpora}/babel-docs
rm -rf "$C"
mkdir -p "$C"
cd /usr/share/doc/python-babel-doc/html && \
  find . -type f \( -name '*.html' -o -name '*.html.gz' \) ! -path './_*' \
    ! -name search.html ! -name genindex.html ! -name py-modindex.html -print0 \
  | cpio -0 -pdm --quiet "$C"
