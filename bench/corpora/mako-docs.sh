#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-mako-doc
# Mako 1.2 Sphinx HTML documentation (Debian 12 python-mako-doc), every page as shipped (changelog.html.gz
# stays compressed; Carrel reads .html.gz), keeping subfolders; symlinks are dereferenced (cp -L).
D=$(readlink -f /usr/share/doc/python-mako-doc/html)
C=${CORPORA:-/work/corpora}/mako-docs
rm -rf "$C"
mkdir -p "$C"
copy_html_pages --recursive --gz "$D" "$C"
