#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: wireguard-tools lldpd mtr-tiny man-db groff-base bsdextrautils
# (mtr-tiny ships the same mtr.8 / mtr-packet.8 as mtr without the GTK front end. lldpctl.8 is a symlink to
#  lldpcli.8 and is skipped. lldpd's CONTRIBUTE.md, the copyright files, wireguard-tools' binNMU
#  changelog.Debian.amd64.gz and the example sources are not copied.)
C=${CORPORA:-/work/corpora}/wireguard-lldpd-mtr-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C/man" wireguard-tools lldpd mtr-tiny
W=/usr/share/doc/wireguard-tools
mkdir -p "$C/wireguard-tools"
cp "$W/README.Debian" "$C/wireguard-tools/README.Debian.txt"
gzip -dc "$W/NEWS.Debian.gz" > "$C/wireguard-tools/NEWS.Debian.txt"
gzip -dc "$W/changelog.Debian.gz" > "$C/wireguard-tools/changelog.Debian.txt"
for f in "$W"/examples/*/README; do
  d=$(basename "$(dirname "$f")")
  mkdir -p "$C/wireguard-tools/examples/$d"
  cp "$f" "$C/wireguard-tools/examples/$d/README.txt"
done
L=/usr/share/doc/lldpd
mkdir -p "$C/lldpd"
gzip -dc "$L/README.md.gz" > "$C/lldpd/README.md"
gzip -dc "$L/NEWS.gz" > "$C/lldpd/NEWS.txt"
gzip -dc "$L/changelog.gz" > "$C/lldpd/ChangeLog.txt"
gzip -dc "$L/changelog.Debian.gz" > "$C/lldpd/changelog.Debian.txt"
cp "$L/README.Debian" "$C/lldpd/README.Debian.txt"
M=/usr/share/doc/mtr-tiny
mkdir -p "$C/mtr-tiny"
gzip -dc "$M/changelog.gz" > "$C/mtr-tiny/NEWS.txt"
gzip -dc "$M/changelog.Debian.gz" > "$C/mtr-tiny/changelog.Debian.txt"
