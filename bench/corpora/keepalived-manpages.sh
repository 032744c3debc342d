#!/usr/bin/env bash
set -euo pipefail
# packages: keepalived man-db bsdextrautils
C=${CORPORA:-/work/corpora}/keepalived-manpages
rm -rf "$C"
D=/usr/share/doc/keepalived
mkdir -p "$C/samples"
for p in man8/keepalived.8 man5/keepalived.conf.5 man1/genhash.1; do
  n=$(basename $p)
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat /usr/share/man/$p.gz 2>/dev/null | col -bx > "$C/$n.txt"
done
for f in TODO changelog changelog.Debian changelog.Debian.amd64; do zcat "$D/$f.gz" > "$C/$f.txt"; done
for f in README AUTHOR CONTRIBUTORS keepalived.conf.SYNOPSIS; do cp "$D/$f" "$C/$f.txt"; done
for f in "$D"/samples/*; do b=$(basename "$f")
  case "$b" in *.gz) zcat "$f" > "$C/samples/${b%.gz}.txt";; *) cp "$f" "$C/samples/$b.txt";; esac
done
