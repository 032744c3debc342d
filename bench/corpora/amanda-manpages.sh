#!/usr/bin/env bash
set -euo pipefail
# packages: amanda-common amanda-server amanda-client man-db bsdextrautils
C=${CORPORA:-/work/corpora}/amanda-manpages
rm -rf "$C"
mkdir -p "$C"
for f in $(dpkg -L amanda-common amanda-server amanda-client | grep -E '/usr/share/man/man[578]/.*\.gz$' | sort); do
  name=$(basename "$f" .gz)                      # e.g. amanda.conf.5
  LC_ALL=C MANWIDTH=80 man -l "$f" 2>/dev/null | col -bx > "$C/$name.txt"
done
# expect: 67 files, 473301 bytes   (find "$C" -type f | wc -l; du -sb "$C")
