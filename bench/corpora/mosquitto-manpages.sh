#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: mosquitto mosquitto-clients man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/mosquitto-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages "$C" mosquitto mosquitto-clients   # mosquitto.conf.5.txt, mosquitto_sub.1.txt, ...
D=/usr/share/doc/mosquitto
cp "$D/README.md" "$C/README.md"
cp "$D/README-letsencrypt.md" "$C/README-letsencrypt.md"
cp "$D/README.Debian" "$C/README.Debian.txt"
gzip -dc "$D/changelog.gz" > "$C/changelog.txt"
