#!/usr/bin/env bash
set -euo pipefail
# packages: corosync man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/corosync-manpages
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc/corosync
mkdir -p "$C/examples"
dpkg -L corosync | grep '^/usr/share/man/.*\.gz$' | sort | while read -r f; do
  [ -L "$f" ] && continue
  name=$(basename "$f" .gz)                       # corosync.conf.5, votequorum.5, corosync-cfgtool.8, ...
  out="$C/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
for f in INSTALL README.recovery changelog changelog.Debian; do zcat "$D/$f.gz" > "$C/$f.txt"; done
cp "$D/AUTHORS" "$C/AUTHORS.txt"
cp /etc/corosync/corosync.conf "$C/examples/corosync.conf.txt"   # the package's shipped example config (unmodified conffile)
cp /etc/default/corosync "$C/examples/default-corosync.txt"
