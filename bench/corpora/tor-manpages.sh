#!/usr/bin/env bash
set -euo pipefail
# packages: tor man-db bsdextrautils
C=${CORPORA:-/work/corpora}/tor-manpages
rm -rf "$C"; mkdir -p "$C"
mkdir -p "$C/man" "$C/config"
for p in /usr/share/man/man1/tor.1.gz /usr/share/man/man1/tor-gencert.1.gz \
         /usr/share/man/man1/tor-print-ed-signing-cert.1.gz /usr/share/man/man1/tor-resolve.1.gz \
         /usr/share/man/man1/torify.1.gz /usr/share/man/man8/tor-instance-create.8.gz; do
  n=$(basename "$p" .gz)
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$p" 2>/dev/null | col -bx > "$C/man/$n.txt"
done
zcat /usr/share/doc/tor/torrc.sample.gz > "$C/config/torrc.sample.txt"
cp /etc/tor/torrc "$C/config/etc-tor-torrc.txt"
