#!/usr/bin/env bash
set -euo pipefail
# packages: opendkim opendkim-tools man-db bsdextrautils
C=${CORPORA:-/work/corpora}/opendkim-docs
rm -rf "$C"
mkdir -p "$C/man" "$C/doc" "$C/examples"
for f in /usr/share/man/man1/opendkim*.1.gz /usr/share/man/man3/opendkim*.3.gz \
         /usr/share/man/man5/opendkim*.5.gz /usr/share/man/man8/opendkim*.8.gz; do
  b=$(basename "$f" .gz)
  MANWIDTH=80 man -l "$f" 2>/dev/null | col -bx > "$C/man/$b.txt"
done
D=/usr/share/doc/opendkim
for n in README README.opendkim README.Debian NEWS.Debian FEATURES README.LDAP README.SQL changelog; do
  zcat "$D/$n.gz" > "$C/doc/$n.txt"
done
cp "$D/README.Sendmail" "$C/doc/README.Sendmail.txt"
cp "$D/KNOWNBUGS" "$C/doc/KNOWNBUGS.txt"
cp "$D/chroot" "$C/doc/chroot.txt"
cp "$D/README.specs.html" "$C/doc/README.specs.html"
zcat /usr/share/doc/opendkim-tools/README.stats.gz > "$C/doc/README.stats.txt"
cp /etc/dkimkeys/README.PrivateKeys "$C/doc/README.PrivateKeys.txt"
for n in opendkim.conf.sample opendkim.conf.simple opendkim.conf.simple-verify \
         final.lua.sample screen.lua.sample setup.lua.sample; do
  cp "$D/examples/$n" "$C/examples/$n.txt"
done
cp /etc/opendkim.conf "$C/examples/etc-opendkim.conf.txt"
