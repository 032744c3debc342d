#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: cmake-doc
C=${CORPORA:-/work/corpora}/cmake-docs
rm -rf "$C"
SRC=/usr/share/doc/cmake-data/html
mkdir -p "$C"
copy_html_pages --recursive "$SRC" "$C"
