#!/usr/bin/env bash
set -euo pipefail
# packages: sudo man-db bsdextrautils
C=${CORPORA:-/work/corpora}/sudo-manpages
rm -rf "$C"; mkdir -p "$C"
mkdir -p "$C/man" "$C/doc"
dpkg -L sudo | grep '^/usr/share/man/.*\.gz$' | sort | while read -r f; do
  [ -L "$f" ] && continue                       # sudoedit.8.gz -> sudo.8.gz
  name=$(basename "$f" .gz)                      # e.g. sudoers.5
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$C/man/$name.txt"
  [ -s "$C/man/$name.txt" ] || rm -f "$C/man/$name.txt"
done
D=/usr/share/doc/sudo
cp "$D/README.md" "$C/doc/README.md"
zcat "$D/NEWS.gz" > "$C/doc/NEWS.txt"
cp "$D/README.Debian" "$C/doc/README.Debian.txt"
zcat "$D/NEWS.Debian.gz" > "$C/doc/NEWS.Debian.txt"
zcat "$D/TROUBLESHOOTING.md.gz" > "$C/doc/TROUBLESHOOTING.md"
zcat "$D/UPGRADE.md.gz" > "$C/doc/UPGRADE.md"
