#!/usr/bin/env bash
set -euo pipefail
# packages: mariadb-server mariadb-client man-db bsdextrautils
C=${CORPORA:-/work/corpora}/mariadb-manpages
rm -rf "$C"
mkdir -p "$C/man"
for p in mariadb-server mariadb-server-core mariadb-client mariadb-client-core; do dpkg -L "$p"; done \
  | grep -E '^/usr/share/man/man[18]/.*\.gz$' | sort -u | while read -r f; do
  [ -L "$f" ] && continue                         # mariadb-dump.1.gz -> mysqldump.1.gz etc.
  name=$(basename "$f" .gz)                        # e.g. mysqldump.1
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$C/man/$name.txt"
  [ -s "$C/man/$name.txt" ] || rm -f "$C/man/$name.txt"
done
