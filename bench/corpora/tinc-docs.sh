#!/usr/bin/env bash
set -euo pipefail
# packages: tinc man-db info bsdextrautils
C=${CORPORA:-/work/corpora}/tinc-docs
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc/tinc
mkdir -p "$C/man" "$C/manual" "$C/doc"
for p in /usr/share/man/man8/tincd.8.gz /usr/share/man/man5/tinc.conf.5.gz; do
  n=$(basename "$p" .gz)
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$p" 2>/dev/null | col -bx > "$C/man/$n.txt"
done
info --subnodes -o "$C/manual/tinc.info.txt" tinc
zcat "$D/README.gz"      > "$C/doc/README.txt"
zcat "$D/NEWS.gz"        > "$C/doc/NEWS.txt"
zcat "$D/NEWS.Debian.gz" > "$C/doc/NEWS.Debian.txt"
cp   "$D/README.Debian"    "$C/doc/README.Debian.txt"
