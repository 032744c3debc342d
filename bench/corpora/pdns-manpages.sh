#!/usr/bin/env bash
set -euo pipefail
# packages: pdns-server pdns-tools man-db bsdextrautils
C=${CORPORA:-/work/corpora}/pdns-manpages
rm -rf "$C"
mkdir -p "$C/man" "$C/doc"
for p in $(dpkg -L pdns-server pdns-tools | grep '^/usr/share/man/man[0-9]/.*\.gz$'); do
  b=$(basename "$p" .gz)
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$p" 2>/dev/null | col -bx > "$C/man/$b.txt"
done
cp /etc/powerdns/pdns.conf "$C/doc/pdns.conf.txt"
cp /usr/share/doc/pdns-server/README.Debian "$C/doc/README.Debian.txt"
zcat /usr/share/doc/pdns-server/NEWS.Debian.gz > "$C/doc/NEWS.Debian.txt"
zcat /usr/share/doc/pdns-server/changelog.Debian.gz > "$C/doc/changelog.Debian.txt"
chmod -R a+rX "$C"
