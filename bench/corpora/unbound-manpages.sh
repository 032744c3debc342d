#!/usr/bin/env bash
set -euo pipefail
# packages: unbound man-db bsdextrautils
C=${CORPORA:-/work/corpora}/unbound-manpages
rm -rf "$C"
mkdir -p "$C"
dpkg -L unbound | grep '^/usr/share/man/.*\.gz$' | sort | while read -r f; do
  [ -L "$f" ] && continue
  name=$(basename "$f" .gz)                  # unbound.conf.5, unbound-control.8, ...
  out="$C/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
# unbound-control-setup.8 is a copy of the unbound-control page: drop the duplicate rendering
if cmp -s "$C/unbound-control-setup.8.txt" "$C/unbound-control.8.txt"; then rm -f "$C/unbound-control-setup.8.txt"; fi
