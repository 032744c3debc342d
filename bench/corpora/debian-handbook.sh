#!/usr/bin/env bash
set -euo pipefail
# packages: debian-handbook
C=${CORPORA:-/work/corpora}/debian-handbook
rm -rf "$C"; mkdir -p "$C"
cp -r /usr/share/doc/debian-handbook/html/en-US/. "$C/"
