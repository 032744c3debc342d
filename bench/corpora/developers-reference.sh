#!/usr/bin/env bash
set -euo pipefail
# packages: developers-reference
C=${CORPORA:-/work/corpora}/developers-reference
rm -rf "$C"; mkdir -p "$C"
cp /usr/share/developers-reference/*.html "$C/"
