#!/usr/bin/env bash
set -euo pipefail
# packages: mutt
C=${CORPORA:-/work/corpora}/mutt-manual
rm -rf "$C"; mkdir -p "$C"
cd /usr/share/doc/mutt/html
for f in *.html; do [ "$f" = manual.html ] || cp -p "$f" "$C/"; done
