#!/usr/bin/env bash
set -euo pipefail
# packages: python-lxml-doc
C=${CORPORA:-/work/corpora}/lxml-docs
rm -rf "$C"; mkdir -p "$C"
cp -p /usr/share/doc/python-lxml/html/*.html "$C/"
