#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-scrapy-doc
C=${CORPORA:-/work/corpora}/scrapy-docs
rm -rf "$C"
SRC=/usr/share/doc/python-scrapy-doc/html
mkdir -p "$C"
copy_html_pages --recursive "$SRC" "$C"
