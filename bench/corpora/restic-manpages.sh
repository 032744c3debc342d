#!/usr/bin/env bash
set -euo pipefail
# packages: restic man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/restic-manpages
rm -rf "$C"
export LANG=C.UTF-8
mkdir -p "$C/man" "$C/doc"
for f in /usr/share/man/man1/restic*.1.gz; do
  n=$(basename "$f" .1.gz)
  MANWIDTH=80 man --nh --nj -P cat -l "$f" 2>/dev/null | col -bx > "$C/man/$n.1.txt"
done
for f in changelog changelog.Debian changelog.Debian.amd64; do
  zcat "/usr/share/doc/restic/$f.gz" > "$C/doc/$f.txt"
done
