#!/usr/bin/env bash
set -euo pipefail
# packages: python-ply-doc
# PLY (Python Lex-Yacc) 3.11 documentation: the HTML manual (ply.html), the internals notes (internal.html),
# the upstream CHANGES file (shipped as changelog.gz) and the examples' README files, copied as .txt so they are read.
D=/usr/share/doc/python-ply-doc
C=${CORPORA:-/work/corpora}/ply-docs
rm -rf "$C" && mkdir -p "$C/examples"
cp -p "$D/ply.html" "$D/internal.html" "$C/"
zcat "$D/changelog.gz" > "$C/CHANGES.txt"
cp -p "$D/examples/README" "$C/examples/README.txt"
for d in BASIC GardenSnake ansic optcalc yply; do
  mkdir -p "$C/examples/$d"
  cp -p "$D/examples/$d/README" "$C/examples/$d/README.txt"
done
