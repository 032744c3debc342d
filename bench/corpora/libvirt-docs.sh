#!/usr/bin/env bash
set -euo pipefail
# packages: libvirt-doc
C=${CORPORA:-/work/corpora}/libvirt-docs
rm -rf "$C"; mkdir -p "$C"
cd /usr/share/doc/libvirt-doc/html
find . -name '*.html' -exec cp --parents -p {} "$C"/ \;
