#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-cherrypy3-doc
D=$(readlink -f /usr/share/doc/python-cherrypy3-doc/html)
C=${CORPORA:-/work/corpora}/cherrypy-docs
rm -rf "$C" && mkdir -p "$C/pkg"
cd "$D"
copy_html_pages "$D" "$C"
cp -pL pkg/*.html "$C/pkg/"
