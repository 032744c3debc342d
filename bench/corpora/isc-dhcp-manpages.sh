#!/usr/bin/env bash
set -euo pipefail
# packages: isc-dhcp-server isc-dhcp-client isc-dhcp-common man-db bsdextrautils
C=${CORPORA:-/work/corpora}/isc-dhcp-manpages
rm -rf "$C"; mkdir -p "$C"
dpkg -L isc-dhcp-server isc-dhcp-client isc-dhcp-common | grep '^/usr/share/man/.*\.gz$' | sort -u |
while read -r f; do
  [ -L "$f" ] && continue                               # none today; alias links would repeat a page
  out="$C/$(basename "$f" .gz).txt"                     # e.g. dhcpd.conf.5.txt
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
