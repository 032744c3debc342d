#!/usr/bin/env bash
set -euo pipefail
# packages: libtool-doc
C=${CORPORA:-/work/corpora}/libtool-manual
rm -rf "$C"; mkdir -p "$C"
cp -p /usr/share/doc/libtool-doc/libtool.html "$C/"
