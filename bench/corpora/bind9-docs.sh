#!/usr/bin/env bash
set -euo pipefail
# packages: bind9-doc
C=${CORPORA:-/work/corpora}/bind9-docs
rm -rf "$C"; mkdir -p "$C"
cd /usr/share/doc/bind9-doc/arm
for f in *.html *.html.gz; do
  case "$f" in search.html|genindex.html) ;; *) cp -p "$f" "$C/" ;; esac
done
# left out: search.html, genindex.html, _static/ (css, javascript, images), _sources/, _images/
