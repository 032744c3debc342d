#!/usr/bin/env bash
set -euo pipefail
# packages: mdadm man-db bsdextrautils
C=${CORPORA:-/work/corpora}/mdadm-manpages
rm -rf "$C"; mkdir -p "$C"
mkdir -p "$C/man" "$C/doc"
for f in /usr/share/man/man8/mdadm.8.gz /usr/share/man/man5/mdadm.conf.5.gz /usr/share/man/man8/mdmon.8.gz; do
  b=$(basename "$f" .gz); name=${b%.*}; sec=${b##*.}
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$C/man/$name.$sec.txt"
done
for f in external-reshape-design mdmon-design; do
  zcat /usr/share/doc/mdadm/$f.txt.gz > "$C/doc/$f.txt"
done
