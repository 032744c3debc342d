#!/usr/bin/env bash
set -euo pipefail
# packages: chrony man-db bsdextrautils
C=${CORPORA:-/work/corpora}/chrony-docs
rm -rf "$C"
mkdir -p "$C/man"
for f in /usr/share/man/man1/chronyc.1.gz /usr/share/man/man5/chrony.conf.5.gz /usr/share/man/man8/chronyd.8.gz; do
  name=$(basename "$f" .gz)                       # chronyc.1, chrony.conf.5, chronyd.8
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$C/man/$name.txt"
done
zcat /usr/share/doc/chrony/FAQ.gz    > "$C/FAQ.txt"
zcat /usr/share/doc/chrony/README.gz > "$C/README.txt"
