#!/usr/bin/env bash
set -euo pipefail
# packages: freeradius freeradius-utils freeradius-common freeradius-config man-db bsdextrautils
C=${CORPORA:-/work/corpora}/freeradius-config
rm -rf "$C"; mkdir -p "$C"
ETC=/etc/freeradius/3.0
mkdir -p "$C/config" "$C/man"
for f in radiusd.conf clients.conf; do cp "$ETC/$f" "$C/config/$f.txt"; done
for d in mods-available sites-available policy.d; do
  mkdir -p "$C/config/$d"
  for f in "$ETC/$d"/*; do
    [ -f "$f" ] || continue
    grep -Iq . "$f" || continue                   # skip binary/empty files (none today)
    cp "$f" "$C/config/$d/$(basename "$f").txt"
  done
done
dpkg -L freeradius freeradius-utils freeradius-common freeradius-config | grep '^/usr/share/man/.*\.gz$' | sort -u |
while read -r f; do
  [ -L "$f" ] && continue                         # none today; alias links would repeat a page
  out="$C/man/$(basename "$f" .gz).txt"           # e.g. radclient.1.txt
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
