#!/usr/bin/env bash
set -euo pipefail
# packages: privoxy man-db bsdextrautils
C=${CORPORA:-/work/corpora}/privoxy-docs
rm -rf "$C"
D=/usr/share/doc/privoxy
mkdir -p "$C"
for sub in user-manual faq developer-manual; do
  mkdir -p "$C/$sub"; cp "$D/$sub"/*.html "$C/$sub/"
done
cp /etc/privoxy/config           "$C/config.txt"
cp /etc/privoxy/match-all.action "$C/match-all.action.txt"
cp /etc/privoxy/default.action   "$C/default.action.txt"
LC_ALL=C MANWIDTH=80 man --nh -l -P cat /usr/share/man/man8/privoxy.8.gz | col -bx > "$C/privoxy.8.txt"
