#!/usr/bin/env bash
set -euo pipefail
# packages: conntrack conntrackd nfct man-db bsdextrautils
C=${CORPORA:-/work/corpora}/conntrack-manpages
rm -rf "$C"
mkdir -p "$C/man" "$C/doc"
for f in /usr/share/man/man8/conntrack.8.gz /usr/share/man/man8/conntrackd.8.gz \
         /usr/share/man/man5/conntrackd.conf.5.gz /usr/share/man/man8/nfct.8.gz; do
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$C/man/$(basename "$f" .gz).txt"
done
D=/usr/share/doc/conntrackd; E="$C/doc/conntrackd-examples"
cp "$D/README.Debian" "$C/doc/conntrackd-README.Debian.txt"
zcat "$D/changelog.Debian.gz" > "$C/doc/conntrack-tools-changelog.Debian.txt"
mkdir -p "$E/stats" "$E/sync/alarm" "$E/sync/ftfw" "$E/sync/notrack"
cp "$D/examples/stats/conntrackd.conf" "$E/stats/conntrackd.conf.txt"
for m in alarm ftfw notrack; do
  cp "$D/examples/sync/$m/conntrackd.conf" "$E/sync/$m/conntrackd.conf.txt"
  cp "$D/examples/sync/$m/README" "$E/sync/$m/README.txt"
done
cp "$D/examples/sync/keepalived.conf" "$E/sync/keepalived.conf.txt"
cp "$D/examples/sync/primary-backup.sh" "$E/sync/primary-backup.sh.txt"
