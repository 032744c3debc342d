#!/usr/bin/env bash
set -euo pipefail
# packages: autoconf-doc
C=${CORPORA:-/work/corpora}/autoconf-manual
rm -rf "$C"; mkdir -p "$C"
cp /usr/share/doc/autoconf/autoconf.html "$C/"
