#!/usr/bin/env bash
set -euo pipefail
# packages: e2fsprogs man-db bsdextrautils
C=${CORPORA:-/work/corpora}/e2fsprogs-manpages
rm -rf "$C"; mkdir -p "$C"
dpkg -L e2fsprogs | grep '^/usr/share/man/.*\.gz$' | sort | while read -r f; do
  [ -L "$f" ] && continue                      # alias links (ext2.5, fsck.ext4.8, mkfs.ext4.8, ...)
  name=$(basename "$f" .gz)                    # e.g. mke2fs.8, mke2fs.conf.5
  out="$C/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
