#!/usr/bin/env bash
set -euo pipefail
# packages: debian-policy
C=${CORPORA:-/work/corpora}/debian-policy
rm -rf "$C"; mkdir -p "$C"
cp /usr/share/doc/debian-policy/policy.html/*.html "$C/"
find /usr/share/doc/debian-policy -maxdepth 1 -type f -name '*.html' -exec cp {} "$C/" \;
rm -f "$C/genindex.html" "$C/search.html"
