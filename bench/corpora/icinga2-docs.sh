#!/usr/bin/env bash
set -euo pipefail
# packages: icinga2-doc
C=${CORPORA:-/work/corpora}/icinga2-docs
rm -rf "$C"; mkdir -p "$C"
for f in /usr/share/doc/icinga2/markdown/*.md.gz; do
  zcat "$f" > "$C/$(basename "$f" .gz)"
done
