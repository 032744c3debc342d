#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-toolz-doc
D=/usr/share/doc/python-toolz-doc/html
C=${CORPORA:-/work/corpora}/toolz-docs
rm -rf "$C" && mkdir -p "$C"
D=$(readlink -f "$D")
# Every HTML page (subfolders kept), except Sphinx's search/index pages and its generated trees.
copy_html_pages --recursive "$D" "$C"
