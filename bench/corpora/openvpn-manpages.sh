#!/usr/bin/env bash
set -euo pipefail
# packages: openvpn man-db bsdextrautils
C=${CORPORA:-/work/corpora}/openvpn-manpages
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc/openvpn
mkdir -p "$C/man" "$C/doc" "$C/examples"
for p in /usr/share/man/man8/openvpn.8.gz /usr/share/man/man5/openvpn-examples.5.gz; do
  n=$(basename "$p" .gz)
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$p" 2>/dev/null | col -bx > "$C/man/$n.txt"
done
for f in README README.auth-pam README.down-root README.mbedtls README.systemd PORTS; do
  cp "$D/$f" "$C/doc/$f.txt"; done
for f in README.Debian NEWS.Debian management-notes.txt gui-notes.txt; do
  zcat "$D/$f.gz" > "$C/doc/${f%.txt}.txt"; done
zcat "$D/changelog.gz" > "$C/doc/Changes.txt"
zcat "$D/changelog.Debian.gz" > "$C/doc/changelog.Debian.txt"
cp "$D/examples/sample-config-files/README" "$C/examples/sample-config-files-README.txt"
cp "$D/examples/sample-config-files/server.conf" "$C/examples/server.conf.txt"
cp "$D/examples/sample-config-files/client.conf" "$C/examples/client.conf.txt"
cp "$D/examples/sample-keys/README" "$C/examples/sample-keys-README.txt"
