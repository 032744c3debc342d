#!/usr/bin/env bash
set -euo pipefail
# packages: nsd man-db bsdextrautils
C=${CORPORA:-/work/corpora}/nsd-manpages
rm -rf "$C"
D=/usr/share/doc/nsd
mkdir -p "$C"
for f in /usr/share/man/man5/nsd.conf.5.gz /usr/share/man/man8/nsd.8.gz /usr/share/man/man8/nsd-control.8.gz \
         /usr/share/man/man8/nsd-checkconf.8.gz /usr/share/man/man8/nsd-checkzone.8.gz; do
  name=$(basename "$f" .gz)
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$C/$name.txt"
done
# nsd-control-setup.8.gz is a symlink to nsd-control.8.gz: not rendered separately
for f in README RELNOTES NSD-FOR-BIND-USERS REQUIREMENTS TODO changelog changelog.Debian; do
  zcat "$D/$f.gz" > "$C/$f.txt"; done
for f in UPGRADING NSD-DATABASE NSD-DIFFFILE CREDITS; do cp "$D/$f" "$C/$f.txt"; done
cp "$D/examples/nsd.conf.sample" "$C/nsd.conf.sample.txt"
cp "$D/contrib/README" "$C/contrib-README.txt"
