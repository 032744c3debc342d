#!/usr/bin/env bash
set -euo pipefail
# packages: ufw postgrey man-db bsdextrautils
C=${CORPORA:-/work/corpora}/ufw-postgrey-docs
rm -rf "$C"; mkdir -p "$C"
mkdir -p "$C/ufw/applications.d" "$C/postgrey"
for m in /usr/share/man/man8/ufw.8.gz /usr/share/man/man8/ufw-framework.8.gz; do
  b=$(basename "$m" .gz); LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$m" 2>/dev/null | col -bx > "$C/ufw/$b.txt"
done
for m in /usr/share/man/man8/postgrey.8.gz /usr/share/man/man8/policy-test.8.gz /usr/share/man/man1/postgreyreport.1.gz; do
  b=$(basename "$m" .gz); LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$m" 2>/dev/null | col -bx > "$C/postgrey/$b.txt"
done
D=/usr/share/doc/ufw
zcat $D/README.gz > "$C/ufw/README.txt"
cp $D/README.Debian "$C/ufw/README.Debian.txt"
cp $D/examples/skel-ui.example "$C/ufw/skel-ui.example.txt"
for f in /etc/ufw/applications.d/ufw-*; do cp "$f" "$C/ufw/applications.d/$(basename "$f").txt"; done
cp /etc/default/ufw "$C/ufw/default-ufw.txt"
cp /usr/share/ufw/ufw.conf "$C/ufw/ufw.conf.txt"
cp /etc/ufw/sysctl.conf "$C/ufw/sysctl.conf.txt"
P=/usr/share/doc/postgrey
cp $P/README "$C/postgrey/README.txt"
cp $P/README.Debian "$C/postgrey/README.Debian.txt"
cp $P/README.exim "$C/postgrey/README.exim.txt"
zcat $P/NEWS.Debian.gz > "$C/postgrey/NEWS.Debian.txt"
cp /usr/share/postgrey/whitelist_clients "$C/postgrey/whitelist_clients.txt"
cp /usr/share/postgrey/whitelist_recipients "$C/postgrey/whitelist_recipients.txt"
cp /usr/share/postgrey/postgrey-default "$C/postgrey/default-postgrey.txt"
