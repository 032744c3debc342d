#!/usr/bin/env bash
set -euo pipefail
# packages: smartmontools man-db bsdextrautils
C=${CORPORA:-/work/corpora}/smartmontools-manpages
rm -rf "$C"
D=/usr/share/doc/smartmontools
mkdir -p "$C/man" "$C/doc/examples"
for f in /usr/share/man/man8/smartctl.8.gz /usr/share/man/man8/smartd.8.gz \
         /usr/share/man/man5/smartd.conf.5.gz /usr/share/man/man8/update-smart-drivedb.8.gz; do
  name=$(basename "$f" .gz)                       # e.g. smartd.conf.5
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$C/man/$name.txt"
done
cp "$D/README"             "$C/doc/README.txt"
cp "$D/README.Debian"      "$C/doc/README.Debian.txt"
zcat "$D/NEWS.gz"        > "$C/doc/NEWS.txt"
zcat "$D/NEWS.Debian.gz" > "$C/doc/NEWS.Debian.txt"
cp "$D/badblockhowto.html" "$C/doc/badblockhowto.html"
zcat "$D/smartd.conf.gz" > "$C/doc/smartd.conf.example.txt"
cp "$D/examples/README"    "$C/doc/examples/README.txt"
# expect: 11 files, 337725 bytes of files (find "$C" -type f | xargs cat | wc -c)
