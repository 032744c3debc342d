#!/usr/bin/env bash
set -euo pipefail
# packages: python-mako-doc
# Mako 1.2 Sphinx HTML documentation (Debian 12 python-mako-doc), every page as shipped (changelog.html.gz
# stays compressed; Carrel reads .html.gz), keeping subfolders; symlinks are dereferenced (cp -L).
D=$(readlink -f /usr/share/doc/python-mako-doc/html)
C=${CORPORA:-/work/corpora}/mako-docs
rm -rf "$C"
mkdir -p "$C"
cd "$D"
find -L . -type f \( -name '*.html' -o -name '*.html.gz' \) \
    ! -path './_*' ! -name search.html ! -name genindex.html ! -name py-modindex.html -print0 \
  | sort -z | xargs -0 cp -pL --parents -t "$C"
