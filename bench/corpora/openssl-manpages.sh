#!/usr/bin/env bash
set -euo pipefail
# packages: openssl man-db bsdextrautils
C=${CORPORA:-/work/corpora}/openssl-manpages
rm -rf "$C"
mkdir -p "$C"
dpkg -L openssl | grep -E '^/usr/share/man/man[15]/.*\.gz$' | sort | while read -r f; do
  [ -L "$f" ] && continue                       # req.1ssl.gz, x509.1ssl.gz, c_rehash.1ssl.gz ... are alias links
  name=$(basename "$f" .gz)                     # e.g. openssl-req.1ssl
  out="$C/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
