#!/usr/bin/env bash
set -euo pipefail
# packages: cups-daemon cups-client cups-bsd man-db bsdextrautils
C=${CORPORA:-/work/corpora}/cups-manpages
rm -rf "$C"
mkdir -p "$C/man" "$C/doc/examples"
for p in cups-daemon cups-client cups-bsd; do dpkg -L "$p"; done |
  grep -E '^/usr/share/man/man[0-9]/[^/]+\.gz$' | sort | while read -r f; do
  [ -L "$f" ] && continue
  name=$(basename "$f" .gz)                         # e.g. cupsd.conf.5
  case "$name" in cupsdisable.8|cupsreject.8) continue;; esac   # byte-identical to cupsenable.8 / cupsaccept.8
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$C/man/$name.txt"
  [ -s "$C/man/$name.txt" ] || rm -f "$C/man/$name.txt"
done
zcat /usr/share/doc/cups-daemon/README.Debian.gz > "$C/doc/README.Debian.txt"
zcat /usr/share/doc/cups-daemon/NEWS.Debian.gz  > "$C/doc/cups-daemon.NEWS.Debian.txt"
zcat /usr/share/doc/cups-client/NEWS.Debian.gz  > "$C/doc/cups-client.NEWS.Debian.txt"
for f in /usr/share/doc/cups-daemon/examples/*.conf; do
  cp "$f" "$C/doc/examples/$(basename "$f").txt"
done
