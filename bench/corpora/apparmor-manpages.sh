#!/usr/bin/env bash
set -euo pipefail
# packages: apparmor apparmor-utils man-db bsdextrautils
C=${CORPORA:-/work/corpora}/apparmor-manpages
rm -rf "$C"; mkdir -p "$C"
mkdir -p "$C/man" "$C/doc"
dpkg -L apparmor apparmor-utils | grep '^/usr/share/man/.*\.gz$' | sort -u | while read -r f; do
  [ -L "$f" ] && continue
  name=$(basename "$f" .gz)                                   # e.g. apparmor.d.5
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$C/man/$name.txt"
  [ -s "$C/man/$name.txt" ] || rm -f "$C/man/$name.txt"
done
if cmp -s "$C/man/aa-status.8.txt" "$C/man/apparmor_status.8.txt"; then rm "$C/man/apparmor_status.8.txt"; fi
cp /usr/share/doc/apparmor/README.Debian "$C/doc/README.Debian.txt"
