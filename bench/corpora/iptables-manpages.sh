#!/usr/bin/env bash
set -euo pipefail
# packages: iptables man-db bsdextrautils
C=${CORPORA:-/work/corpora}/iptables-manpages
rm -rf "$C"
mkdir -p "$C"
dpkg -L iptables | grep '^/usr/share/man/.*\.gz$' | sort | while read -r f; do
  [ -L "$f" ] && continue                         # 25 alias links repeat a real page
  name=$(basename "$f" .gz)                       # iptables.8, iptables-xml.1, ...
  out="$C/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
