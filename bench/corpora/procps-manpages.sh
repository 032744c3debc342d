#!/usr/bin/env bash
set -euo pipefail
# packages: procps man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/procps-manpages
rm -rf "$C"; mkdir -p "$C"
dpkg -L procps | grep -E '^/usr/share/man/man[0-9]/[^/]+\.gz$' | sort | while read -r f; do
  [ -L "$f" ] && continue                     # pkill, pidwait -> pgrep; snice -> skill
  out="$C/$(basename "$f" .gz).txt"           # e.g. ps.1.txt, sysctl.conf.5.txt
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
