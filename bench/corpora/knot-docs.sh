#!/usr/bin/env bash
set -euo pipefail
# packages: knot-doc
C=${CORPORA:-/work/corpora}/knot-docs
rm -rf "$C"; mkdir -p "$C"
cd /usr/share/doc/knot-doc
for f in *.html; do [ "$f" = search.html ] || cp "$f" "$C/"; done
