#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-cffi-doc
D=/usr/share/doc/python-cffi-doc
C=${CORPORA:-/work/corpora}/cffi-docs
rm -rf "$C" && mkdir -p "$C"
copy_html_pages "$D/html" "$C"
