#!/usr/bin/env bash
set -euo pipefail
# packages: btrfs-progs man-db bsdextrautils
C=${CORPORA:-/work/corpora}/btrfs-progs-manpages
rm -rf "$C"; mkdir -p "$C"
dpkg -L btrfs-progs | grep '^/usr/share/man/.*\.gz$' | sort | while read -r f; do
  [ -L "$f" ] && continue                      # alias link btrfsck.8 -> btrfs-check.8
  name=$(basename "$f" .gz)                    # e.g. mkfs.btrfs.8, btrfs.5
  out="$C/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
