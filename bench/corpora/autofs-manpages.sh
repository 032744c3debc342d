#!/usr/bin/env bash
set -euo pipefail
# packages: autofs autofs-ldap man-db bsdextrautils
C=${CORPORA:-/work/corpora}/autofs-manpages
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc/autofs
mkdir -p "$C/man" "$C/doc"
for f in /usr/share/man/man8/automount.8.gz /usr/share/man/man8/autofs.8.gz \
         /usr/share/man/man5/auto.master.5.gz /usr/share/man/man5/autofs.5.gz \
         /usr/share/man/man5/autofs.conf.5.gz /usr/share/man/man5/autofs_ldap_auth.conf.5.gz; do
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$C/man/$(basename "$f" .gz).txt"
done
for f in README README.Debian README.changer README.ncpfs README.replicated-server README.smbfs README.v5.release; do
  cp "$D/$f" "$C/doc/$f.txt"; done
zcat "$D/README.amd-maps.gz" > "$C/doc/README.amd-maps.txt"
zcat "$D/changelog.gz"       > "$C/doc/CHANGELOG.txt"
