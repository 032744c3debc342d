#!/usr/bin/env bash
set -euo pipefail
# packages: octave-doc
C=${CORPORA:-/work/corpora}/octave-manual
rm -rf "$C"
mkdir -p "$C"
cp /usr/share/doc/octave/octave.html/*.html "$C/"
