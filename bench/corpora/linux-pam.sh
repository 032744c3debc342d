#!/usr/bin/env bash
set -euo pipefail
# packages: libpam-doc
C=${CORPORA:-/work/corpora}/linux-pam
rm -rf "$C"; mkdir -p "$C"
cp /usr/share/doc/libpam-doc/html/{sag,adg,mwg}-*.html "$C/"
