#!/usr/bin/env bash
set -euo pipefail
# packages: varnish man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/varnish-manpages
rm -rf "$C"; mkdir -p "$C"
dpkg -L varnish | grep '^/usr/share/man/.*\.gz$' | sort | while read -r f; do
  [ -L "$f" ] && continue
  name=$(basename "$f" .gz)                       # varnishd.1, vcl.7, vmod_std.3, ...
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$C/$name.txt"
  [ -s "$C/$name.txt" ] || rm -f "$C/$name.txt"
done
