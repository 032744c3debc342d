#!/usr/bin/env bash
set -euo pipefail
# packages: rsync man-db bsdextrautils
C=${CORPORA:-/work/corpora}/rsync-manpages
rm -rf "$C"; mkdir -p "$C"
mkdir -p "$C/man" "$C/doc"
for f in /usr/share/man/man1/rsync.1.gz /usr/share/man/man1/rsync-ssl.1.gz \
         /usr/share/man/man1/rrsync.1.gz /usr/share/man/man5/rsyncd.conf.5.gz; do
  name=$(basename "$f" .gz)
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$C/man/$name.txt"
done
zcat /usr/share/doc/rsync/NEWS.md.gz     > "$C/doc/NEWS.md"
zcat /usr/share/doc/rsync/NEWS.Debian.gz > "$C/doc/NEWS.Debian.txt"
cp /usr/share/doc/rsync/README.Debian      "$C/doc/README.Debian.txt"
