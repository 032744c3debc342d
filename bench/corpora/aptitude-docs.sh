#!/usr/bin/env bash
set -euo pipefail
# packages: aptitude-doc-en aptitude man-db bsdextrautils
C=${CORPORA:-/work/corpora}/aptitude-docs
rm -rf "$C"
mkdir -p "$C/manual" "$C/man"
cp /usr/share/doc/aptitude/html/en/*.html "$C/manual/"
for p in 8:aptitude 1:aptitude-create-state-bundle 1:aptitude-run-state-bundle; do
  s=${p%%:*}; n=${p#*:}
  MANWIDTH=80 LANG=C.UTF-8 man -P cat "$s" "$n" 2>/dev/null | col -b > "$C/man/$n.$s.txt"
done
