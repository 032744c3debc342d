#!/usr/bin/env bash
set -euo pipefail
# packages: lighttpd-doc lighttpd man-db bsdextrautils
C=${CORPORA:-/work/corpora}/lighttpd-docs
rm -rf "$C"
mkdir -p "$C/doc" "$C/man"
for f in $(dpkg -L lighttpd-doc | grep '^/usr/share/doc/lighttpd/.*\.txt\(\.gz\)\?$'); do
  b=$(basename $f)
  case $b in *.gz) zcat $f > "$C/doc/${b%.gz}";; *) cp $f "$C/doc/$b";; esac
done
MANWIDTH=80 man -P cat 8 lighttpd | col -b > "$C/man/lighttpd.8.txt"
MANWIDTH=80 man -P cat 1 lighty-enable-mod | col -b > "$C/man/lighty-enable-mod.1.txt"
