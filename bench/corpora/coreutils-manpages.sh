#!/usr/bin/env bash
set -euo pipefail
# packages: coreutils man-db bsdextrautils
C=${CORPORA:-/work/corpora}/coreutils-manpages
rm -rf "$C"
mkdir -p "$C"
dpkg -L coreutils | grep '^/usr/share/man/man[0-9]/.*\.gz$' | sort | while read -r f; do
  [ -L "$f" ] && continue                         # '[' and md5sum.textutils are alias links
  sec=$(basename "$(dirname "$f")"); sec=${sec#man}   # 1 or 8
  name=$(basename "$f" .gz); name=${name%.*}          # ls.1.gz -> ls
  mkdir -p "$C/$sec"
  out="$C/$sec/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
