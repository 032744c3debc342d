#!/usr/bin/env bash
set -euo pipefail
# packages: iproute2 man-db bsdextrautils
C=${CORPORA:-/work/corpora}/iproute2-manpages
rm -rf "$C"; mkdir -p "$C"
dpkg -L iproute2 | grep '^/usr/share/man/.*\.gz$' | sort | while read -r f; do
  [ -L "$f" ] && continue                         # 5 alias links repeat a real page
  name=$(basename "$f" .gz)                       # ip-route.8, tc-hfsc.7, ...
  out="$C/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
