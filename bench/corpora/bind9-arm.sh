#!/usr/bin/env bash
set -euo pipefail
# packages: bind9-doc
C=${CORPORA:-/work/corpora}/bind9-arm
rm -rf "$C"; mkdir -p "$C"
cp /usr/share/doc/bind9-doc/arm/*.html "$C/"
rm -f "$C/genindex.html" "$C/search.html"
