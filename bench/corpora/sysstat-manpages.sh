#!/usr/bin/env bash
set -euo pipefail
# packages: sysstat man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/sysstat-manpages
rm -rf "$C"; mkdir -p "$C"
dpkg -L sysstat | grep '^/usr/share/man/.*\.gz$' | sort -u | while read -r f; do
  [ -L "$f" ] && continue
  name=$(basename "$f" .gz)                      # sar.sysstat.1, sadc.8, sysstat.5, ...
  out="$C/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
D=/usr/share/doc/sysstat
gzip -dc "$D/README.md.gz" > "$C/README.md"
gzip -dc "$D/FAQ.md.gz" > "$C/FAQ.md"
gzip -dc "$D/CREDITS.gz" > "$C/CREDITS.txt"
gzip -dc "$D/NEWS.Debian.gz" > "$C/NEWS.Debian.txt"
gzip -dc "$D/changelog.gz" > "$C/changelog.txt"
gzip -dc "$D/changelog.Debian.gz" > "$C/changelog.Debian.txt"
cp "$D/README.Debian" "$C/README.Debian.txt"
mkdir -p "$C/examples"
cp "$D/examples/README.irqstat" "$C/examples/README.irqstat.txt"
cp "$D/examples/crontab" "$C/examples/crontab.txt"
