#!/usr/bin/env bash
set -euo pipefail
# packages: man-db nmap ncat tcpdump iputils-ping iputils-tracepath iputils-arping
C=${CORPORA:-/work/corpora}/nmap-tcpdump-manpages
rm -rf "$C"
export LANG=C.UTF-8
mkdir -p "$C"
for p in nmap.1 ncat.1 nping.1 tcpdump.8 pcap-filter.7 ping.8 tracepath.8 arping.8; do
  name=${p%.*}; sect=${p##*.}
  MANWIDTH=80 man -P cat "$sect" "$name" 2>/dev/null > "$C/$name.txt"
done
