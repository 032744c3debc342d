#!/usr/bin/env bash
set -euo pipefail
# packages: doxygen-doc
C=${CORPORA:-/work/corpora}/doxygen-manual
rm -rf "$C"; mkdir -p "$C"
# only the PDF manual; the package's html/ copy of the same manual is left out
cp -p /usr/share/doc/doxygen/doxygen_manual.pdf "$C/"
