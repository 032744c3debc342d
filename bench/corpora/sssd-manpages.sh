#!/usr/bin/env bash
set -euo pipefail
# packages: sssd-common libpam-sss libsss-certmap0 sssd-krb5-common sssd-ldap sssd-krb5 sssd-ad sssd-ad-common sssd-tools man-db bsdextrautils
C=${CORPORA:-/work/corpora}/sssd-manpages
rm -rf "$C"; mkdir -p "$C"
dpkg -L sssd-common libpam-sss libsss-certmap0 sssd-krb5-common sssd-ldap sssd-krb5 sssd-ad sssd-ad-common sssd-tools \
 | grep -E '^/usr/share/man/man[58]/.*\.gz$' | sort -u | while read -r f; do
  [ -L "$f" ] && continue
  b=$(basename "$f" .gz); sec=${b##*.}; name=${b%.*}
  mkdir -p "$C/man$sec"
  out="$C/man$sec/$name.$sec.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
