#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: freeradius freeradius-utils freeradius-common freeradius-config man-db bsdextrautils
C=${CORPORA:-/work/corpora}/freeradius-config
rm -rf "$C"; mkdir -p "$C"
ETC=/etc/freeradius/3.0
mkdir -p "$C/config" "$C/man"
for f in radiusd.conf clients.conf; do cp "$ETC/$f" "$C/config/$f.txt"; done
for d in mods-available sites-available policy.d; do
  mkdir -p "$C/config/$d"
  for f in "$ETC/$d"/*; do
    [ -f "$f" ] || continue
    grep -Iq . "$f" || continue                   # skip binary/empty files (none today)
    cp "$f" "$C/config/$d/$(basename "$f").txt"
  done
done
render_man_pages "$C/man" freeradius freeradius-utils freeradius-common freeradius-config   # e.g. radclient.1.txt
