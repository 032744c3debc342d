#!/usr/bin/env bash
set -euo pipefail
# packages: xfsprogs man-db bsdextrautils
C=${CORPORA:-/work/corpora}/xfsprogs-manpages
rm -rf "$C"
mkdir -p "$C"
dpkg -L xfsprogs | grep '^/usr/share/man/.*\.gz$' | sort | while read -r f; do
  [ -L "$f" ] && continue                      # alias links (none in 6.1.0-1, kept for safety)
  name=$(basename "$f" .gz)                    # e.g. mkfs.xfs.8, xfs.5
  out="$C/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
