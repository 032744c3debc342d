#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-webob-doc
D=/usr/share/doc/python-webob-doc
C=${CORPORA:-/work/corpora}/webob-docs
rm -rf "$C" && mkdir -p "$C"
# Every Sphinx HTML page, keeping subfolders (api/, experimental/); skip the search/index pages and Sphinx
# support folders. -L follows symlinks so real files are copied.
copy_html_pages --recursive "$D" "$C"
