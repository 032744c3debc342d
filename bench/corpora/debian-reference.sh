#!/usr/bin/env bash
set -euo pipefail
# packages: debian-reference-en
C=${CORPORA:-/work/corpora}/debian-reference
rm -rf "$C"; mkdir -p "$C"
cd /usr/share/debian-reference
cp pr01.en.html ch*.en.html apa.en.html "$C/"
