#!/usr/bin/env bash
set -euo pipefail
# packages: squid squid-common man-db bsdextrautils
C=${CORPORA:-/work/corpora}/squid-docs
rm -rf "$C"
S=/usr/share/doc/squid; D=/usr/share/doc/squid-common
mkdir -p "$C"
dpkg -L squid | grep '^/usr/share/man/.*\.gz$' | sort | while read -r f; do
  [ -L "$f" ] && continue
  name=$(basename "$f" .gz)                       # squid.8, basic_ldap_auth.8, ...
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$C/$name.txt"
  [ -s "$C/$name.txt" ] || rm -f "$C/$name.txt"
done
zcat "$D/squid.conf.documented.gz" > "$C/squid.conf.documented.txt"
cp "$D/README" "$C/README.txt"
cp "$D/QUICKSTART" "$C/QUICKSTART.txt"
cp "$D/RELEASENOTES.html" "$C/RELEASENOTES.html"
cp "$S/README.Debian" "$C/README.Debian.txt"
zcat "$S/NEWS.Debian.gz" > "$C/NEWS.Debian.txt"
zcat "$S/changelog.gz" > "$C/changelog.txt"
zcat "$S/changelog.Debian.gz" > "$C/changelog.Debian.txt"
zcat "$D/CONTRIBUTORS.gz" > "$C/CONTRIBUTORS.txt"
zcat "$D/SPONSORS.gz" > "$C/SPONSORS.txt"
