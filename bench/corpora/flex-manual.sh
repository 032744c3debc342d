#!/usr/bin/env bash
set -euo pipefail
# packages: flex-doc
C=${CORPORA:-/work/corpora}/flex-manual
rm -rf "$C"
mkdir -p "$C"
cp -p /usr/share/doc/flex-doc/html/*.html "$C"/
