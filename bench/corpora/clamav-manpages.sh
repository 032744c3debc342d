#!/usr/bin/env bash
set -euo pipefail
# packages: clamav clamav-daemon clamav-freshclam clamdscan clamav-base man-db bsdextrautils
C=${CORPORA:-/work/corpora}/clamav-manpages
rm -rf "$C"
mkdir -p "$C/man" "$C/doc"
for p in clamav clamav-daemon clamav-freshclam clamdscan; do dpkg -L "$p"; done \
  | grep '^/usr/share/man/.*\.gz$' | sort -u | while read -r f; do
  [ -L "$f" ] && continue
  name=$(basename "$f" .gz)                      # clamd.conf.5, clamscan.1, ...
  out="$C/man/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
zcat /usr/share/doc/clamav-base/README.md.gz     > "$C/doc/README.md"
zcat /usr/share/doc/clamav-base/NEWS.md.gz       > "$C/doc/NEWS.md"
zcat /usr/share/doc/clamav-base/README.Debian.gz > "$C/doc/README.Debian.txt"
