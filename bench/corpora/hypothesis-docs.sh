#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-hypothesis-doc
D=/usr/share/doc/python-hypothesis-doc
C=${CORPORA:-/work/corpora}/hypothesis-docs
rm -rf "$C" && mkdir -p "$C"
copy_html_pages "$D/html" "$C"
