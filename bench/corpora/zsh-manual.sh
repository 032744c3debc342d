#!/usr/bin/env bash
set -euo pipefail
# packages: zsh-doc
C=${CORPORA:-/work/corpora}/zsh-manual
rm -rf "$C"; mkdir -p "$(dirname "$C")"
cp -r /usr/share/doc/zsh-common/html "$C"
