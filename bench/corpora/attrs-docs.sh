#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-attr-doc
C=${CORPORA:-/work/corpora}/attrs-docs
rm -rf "$C"; mkdir -p "$C"
copy_html_pages /usr/share/doc/python-attr-doc/html "$C"
