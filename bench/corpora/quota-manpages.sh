#!/usr/bin/env bash
set -euo pipefail
# packages: quota man-db bsdextrautils
C=${CORPORA:-/work/corpora}/quota-manpages
rm -rf "$C"; mkdir -p "$C"
mkdir -p "$C/man" "$C/doc"
dpkg -L quota | grep '^/usr/share/man/.*\.gz$' | sort | while read -r f; do
  [ -L "$f" ] && continue                       # quotaoff.8.gz -> quotaon.8.gz
  name=$(basename "$f" .gz)
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$C/man/$name.txt"
  [ -s "$C/man/$name.txt" ] || rm -f "$C/man/$name.txt"
done
for r in README.Debian README.ldap-support README.mailserver; do
  cp /usr/share/doc/quota/$r "$C/doc/$r.txt"
done
