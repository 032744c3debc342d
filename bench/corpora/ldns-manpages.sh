#!/usr/bin/env bash
set -euo pipefail
# packages: ldnsutils man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/ldns-manpages
rm -rf "$C"; mkdir -p "$C"
dpkg -L ldnsutils | grep '^/usr/share/man/.*\.gz$' | sort -u | while read -r f; do
  [ -L "$f" ] && continue
  name=$(basename "$f" .gz)                      # drill.1, ldns-signzone.1, ...
  out="$C/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
D=/usr/share/doc/ldnsutils
cp "$D/REGRESSIONS" "$C/REGRESSIONS.txt"
cp "$D/copyright" "$C/copyright.txt"
gzip -dc "$D/changelog.gz" > "$C/changelog.txt"
gzip -dc "$D/changelog.Debian.gz" > "$C/changelog.Debian.txt"
gzip -dc "$D/changelog.Debian.amd64.gz" > "$C/changelog.Debian.amd64.txt"
