#!/usr/bin/env bash
set -euo pipefail
# packages: sed grep bc info bsdextrautils
C=${CORPORA:-/work/corpora}/sed-grep-bc-manuals
rm -rf "$C"; mkdir -p "$C"
for m in sed grep bc; do
  LC_ALL=C.UTF-8 info --subnodes -f "/usr/share/info/$m.info.gz" -o - 2>/dev/null | col -bx > "$C/$m.info.txt"
done
