#!/usr/bin/env bash
set -euo pipefail
# packages: maint-guide
C=${CORPORA:-/work/corpora}/maint-guide
rm -rf "$C"; mkdir -p "$C"
cp -p /usr/share/doc/maint-guide/html/*.en.html "$C/"
