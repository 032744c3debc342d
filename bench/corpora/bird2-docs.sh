#!/usr/bin/env bash
set -euo pipefail
# packages: bird2-doc
C=${CORPORA:-/work/corpora}/bird2-docs
rm -rf "$C"; mkdir -p "$C"
cd /usr/share/doc/bird2
cp -p bird.html bird-[0-9].html "$C/"
