#!/usr/bin/env bash
set -euo pipefail
# packages: dnsmasq-base man-db bsdextrautils
C=${CORPORA:-/work/corpora}/dnsmasq-manpages
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc/dnsmasq-base
LC_ALL=C MANWIDTH=80 man --nh -l -P cat /usr/share/man/man8/dnsmasq.8.gz 2>/dev/null | col -bx > "$C/dnsmasq.8.txt"
for f in FAQ DBus-interface README.Debian changelog changelog.archive changelog.Debian; do
  zcat "$D/$f.gz" > "$C/$f.txt"; done
cp "$D/doc.html" "$D/setup.html" "$C/"
cp "$D/systemd_howto" "$C/systemd_howto.txt"
cp "$D/examples/dnsmasq.conf.example" "$C/dnsmasq.conf.example.txt"
