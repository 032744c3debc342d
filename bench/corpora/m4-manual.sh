#!/usr/bin/env bash
set -euo pipefail
# packages: m4 m4-doc man-db bsdextrautils
C=${CORPORA:-/work/corpora}/m4-manual
rm -rf "$C"
mkdir -p "$C/html"
dpkg -L m4-doc | grep '^/usr/share/doc/m4/.*\.html$' | xargs -I{} cp {} "$C/html/"
MANWIDTH=80 man -l /usr/share/man/man1/m4.1.gz | col -bx > "$C/m4.1.txt"
