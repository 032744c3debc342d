#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: sudo man-db bsdextrautils
C=${CORPORA:-/work/corpora}/sudo-manpages
rm -rf "$C"; mkdir -p "$C"
mkdir -p "$C/man" "$C/doc"
render_man_pages "$C/man" sudo   # e.g. sudoers.5.txt
D=/usr/share/doc/sudo
cp "$D/README.md" "$C/doc/README.md"
zcat "$D/NEWS.gz" > "$C/doc/NEWS.txt"
cp "$D/README.Debian" "$C/doc/README.Debian.txt"
zcat "$D/NEWS.Debian.gz" > "$C/doc/NEWS.Debian.txt"
zcat "$D/TROUBLESHOOTING.md.gz" > "$C/doc/TROUBLESHOOTING.md"
zcat "$D/UPGRADE.md.gz" > "$C/doc/UPGRADE.md"
