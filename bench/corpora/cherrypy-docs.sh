#!/usr/bin/env bash
set -euo pipefail
# packages: python-cherrypy3-doc
D=$(readlink -f /usr/share/doc/python-cherrypy3-doc/html)
C=${CORPORA:-/work/corpora}/cherrypy-docs
rm -rf "$C" && mkdir -p "$C/pkg"
cd "$D"
for f in *.html; do
  case "$f" in search.html|genindex.html|py-modindex.html) ;; *) cp -pL "$f" "$C/" ;; esac
done
cp -pL pkg/*.html "$C/pkg/"
