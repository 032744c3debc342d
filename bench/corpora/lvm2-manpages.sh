#!/usr/bin/env bash
set -euo pipefail
# packages: lvm2 man-db bsdextrautils
C=${CORPORA:-/work/corpora}/lvm2-manpages
rm -rf "$C"
mkdir -p "$C"
dpkg -L lvm2 | grep '^/usr/share/man/man[0-9]/.*\.gz$' | sort | while read -r f; do
  [ -L "$f" ] && continue                      # lvm-config / lvm-dumpconfig alias lvmconfig
  sec=$(basename "$(dirname "$f")")            # man5 / man7 / man8
  name=$(basename "$f" .gz)                    # e.g. lvcreate.8
  mkdir -p "$C/$sec"
  out="$C/$sec/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
