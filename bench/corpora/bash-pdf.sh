#!/usr/bin/env bash
set -euo pipefail
# packages: bash-doc
C=${CORPORA:-/work/corpora}/bash-pdf
rm -rf "$C"; mkdir -p "$C"
# both names are symlinks to ../bash/*.pdf; cp copies the files they point to
cp /usr/share/doc/bash-doc/bashref.pdf /usr/share/doc/bash-doc/bash.pdf "$C/"
