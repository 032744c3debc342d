#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-tornado-doc
C=${CORPORA:-/work/corpora}/tornado-docs
rm -rf "$C"; mkdir -p "$C"
SRC=/usr/share/doc/python-tornado-doc/html
copy_html_pages --recursive "$SRC" "$C"
