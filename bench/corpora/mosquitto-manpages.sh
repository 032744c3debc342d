#!/usr/bin/env bash
set -euo pipefail
# packages: mosquitto mosquitto-clients man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/mosquitto-manpages
rm -rf "$C"; mkdir -p "$C"
dpkg -L mosquitto mosquitto-clients | grep '^/usr/share/man/.*\.gz$' | sort -u | while read -r f; do
  [ -L "$f" ] && continue
  name=$(basename "$f" .gz)                      # mosquitto.conf.5, mosquitto_sub.1, ...
  out="$C/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
D=/usr/share/doc/mosquitto
cp "$D/README.md" "$C/README.md"
cp "$D/README-letsencrypt.md" "$C/README-letsencrypt.md"
cp "$D/README.Debian" "$C/README.Debian.txt"
gzip -dc "$D/changelog.gz" > "$C/changelog.txt"
