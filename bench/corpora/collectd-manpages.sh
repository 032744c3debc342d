#!/usr/bin/env bash
set -euo pipefail
# packages: collectd-core man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/collectd-manpages
rm -rf "$C"; mkdir -p "$C"
dpkg -L collectd-core | grep '^/usr/share/man/.*\.gz$' | sort -u | while read -r f; do
  [ -L "$f" ] && continue
  name=$(basename "$f" .gz)                      # collectd.conf.5, collectd-exec.5, Collectd::Unixsock.3pm, ...
  name=${name//::/-}                             # Collectd::Unixsock.3pm -> Collectd-Unixsock.3pm
  out="$C/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
