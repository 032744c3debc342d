#!/usr/bin/env bash
set -euo pipefail
# packages: vim-runtime
C=${CORPORA:-/work/corpora}/vim-help
rm -rf "$C"; mkdir -p "$C"
cp /usr/share/vim/vim90/doc/*.txt "$C/"
