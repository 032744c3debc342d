#!/usr/bin/env bash
set -euo pipefail
# packages: gnuplot-doc
C=${CORPORA:-/work/corpora}/gnuplot-manual
rm -rf "$C"; mkdir -p "$C"
cp /usr/share/doc/gnuplot/htmldocs/*.html "$C/"
