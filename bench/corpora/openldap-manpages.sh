#!/usr/bin/env bash
set -euo pipefail
# packages: slapd ldap-utils man-db bsdextrautils
C=${CORPORA:-/work/corpora}/openldap-manpages
rm -rf "$C"; mkdir -p "$C"
dpkg -L slapd ldap-utils | grep '^/usr/share/man/man[0-9]/.*\.gz$' | sort -u | while read -r f; do
  [ -L "$f" ] && continue
  b=$(basename "$f" .gz); sec=${b##*.}; name=${b%.*}
  mkdir -p "$C/man$sec"
  out="$C/man$sec/$name.$sec.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
