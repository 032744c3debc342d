#!/usr/bin/env bash
set -euo pipefail
# packages: debian-faq
C=${CORPORA:-/work/corpora}/debian-faq
rm -rf "$C"; mkdir -p "$C"
cp -pL /usr/share/doc/debian/FAQ/*.en.html "$C/"
