#!/usr/bin/env bash
set -euo pipefail
# packages: strongswan-starter strongswan-swanctl charon-systemd charon-cmd strongswan-pki libstrongswan man-db bsdextrautils
C=${CORPORA:-/work/corpora}/strongswan-manpages
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc
mkdir -p "$C/man" "$C/doc"
for p in /usr/share/man/man5/ipsec.conf.5.gz /usr/share/man/man5/ipsec.secrets.5.gz \
         /usr/share/man/man5/strongswan.conf.5.gz /usr/share/man/man5/swanctl.conf.5.gz \
         /usr/share/man/man8/ipsec.8.gz /usr/share/man/man8/swanctl.8.gz /usr/share/man/man8/charon-cmd.8.gz \
         /usr/share/man/man1/pki.1.gz /usr/share/man/man1/pki---*.1.gz; do
  n=$(basename "$p" .gz)
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$p" 2>/dev/null | col -bx > "$C/man/$n.txt"
done
zcat $D/strongswan-starter/changelog.gz        > "$C/doc/NEWS.txt"
zcat $D/strongswan-starter/NEWS.Debian.gz      > "$C/doc/NEWS.Debian.txt"
zcat $D/strongswan-starter/changelog.Debian.gz > "$C/doc/changelog.Debian.txt"
zcat $D/libstrongswan/README.gz                > "$C/doc/README.txt"
