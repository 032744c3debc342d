#!/usr/bin/env bash
set -euo pipefail
# packages: systemd man-db bsdextrautils
C=${CORPORA:-/work/corpora}/systemd-manpages
rm -rf "$C"; mkdir -p "$C"
mkdir -p "$C/5" "$C/8"
dpkg -L systemd | grep '^/usr/share/man/man[58]/.*\.gz$' | sort | while read -r f; do
  [ -L "$f" ] && continue                      # alias links (86) repeat a real page
  base=$(basename "$f" .gz)                    # e.g. systemd.service.5
  sec=${base##*.}; name=${base%.*}
  out="$C/$sec/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
