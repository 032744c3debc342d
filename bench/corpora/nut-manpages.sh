#!/usr/bin/env bash
set -euo pipefail
# packages: nut-server nut-client man-db bsdextrautils
C=${CORPORA:-/work/corpora}/nut-manpages
rm -rf "$C"
D=/usr/share/doc/nut-server
mkdir -p "$C/man" "$C/doc"
for f in $(dpkg -L nut-server nut-client | grep -E '^/usr/share/man/man[0-9]/.*\.gz$' | sort -u); do
  name=$(basename "$f" .gz)                       # e.g. upsmon.conf.5
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$C/man/$name.txt"
done
for f in README NEWS NEWS.Debian TODO; do zcat "$D/$f.gz" > "$C/doc/$f.txt"; done
# expect: 72 files, 494842 bytes of files (find "$C" -type f | xargs cat | wc -c)
