#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: corosync man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/corosync-manpages
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc/corosync
mkdir -p "$C/examples"
render_man_pages "$C" corosync   # corosync.conf.5.txt, votequorum.5.txt, corosync-cfgtool.8.txt, ...
for f in INSTALL README.recovery changelog changelog.Debian; do zcat "$D/$f.gz" > "$C/$f.txt"; done
cp "$D/AUTHORS" "$C/AUTHORS.txt"
cp /etc/corosync/corosync.conf "$C/examples/corosync.conf.txt"   # the package's shipped example config (unmodified conffile)
cp /etc/default/corosync "$C/examples/default-corosync.txt"
