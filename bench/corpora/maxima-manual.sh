#!/usr/bin/env bash
set -euo pipefail
# packages: maxima-doc
C=${CORPORA:-/work/corpora}/maxima-manual
rm -rf "$C"; mkdir -p "$C"
cd /usr/share/doc/maxima-doc/html
for f in *.html; do [ "$f" = maxima_singlepage.html ] || cp -p "$f" "$C/"; done
