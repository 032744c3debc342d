#!/usr/bin/env bash
set -euo pipefail
# packages: golang-1.19-doc
C=${CORPORA:-/work/corpora}/go-docs
rm -rf "$C"
mkdir -p "$C"
cp -L /usr/share/doc/golang-1.19-doc/html/*.html "$C/"
