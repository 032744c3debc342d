#!/usr/bin/env bash
set -euo pipefail
# packages: r-doc-pdf
C=${CORPORA:-/work/corpora}/r-manuals
rm -rf "$C"; mkdir -p "$C"
cp -p /usr/share/R/doc/manual/*.pdf "$C/"
