#!/usr/bin/env bash
set -euo pipefail
# packages: git-doc
C=${CORPORA:-/work/corpora}/git-manpages
rm -rf "$C"; mkdir -p "$C"
cp /usr/share/doc/git/html/git*.html /usr/share/doc/git/html/scalar.html "$C/"
