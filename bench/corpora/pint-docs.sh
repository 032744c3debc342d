#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-pint-doc
D=/usr/share/doc/python-pint-doc
C=${CORPORA:-/work/corpora}/pint-docs
rm -rf "$C" && mkdir -p "$C"
H=$(readlink -f "$D/html")
# Every HTML page (keeping subfolders), except Sphinx's search/index pages and its _static/_sources/_modules trees.
copy_html_pages --recursive "$H" "$C"
