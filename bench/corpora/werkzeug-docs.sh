#!/usr/bin/env bash
set -euo pipefail
# packages: python-werkzeug-doc cpio
C=${CORPORA:-/work/corpora}/werkzeug-docs
rm -rf "$C"; mkdir -p "$C"
cd /usr/share/doc/python-werkzeug-doc/html && find . -name '*.html' ! -path './_*' \
  ! -name search.html ! -name genindex.html | sort | cpio -pdm --quiet "$C"
