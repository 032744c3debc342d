#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-pytest-doc cpio
C=${CORPORA:-/work/corpora}/pytest-docs
rm -rf "$C"
H=/usr/share/doc/python-pytest-doc/html
mkdir -p "$C"
copy_html_pages --recursive --gz --keep-modindex "$H" "$C"
