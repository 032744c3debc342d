#!/usr/bin/env bash
set -euo pipefail
# packages: lynx lynx-common man-db bsdextrautils
C=${CORPORA:-/work/corpora}/lynx-docs
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc/lynx-common/lynx_help
cp -r "$D" "$C/lynx_help"
find "$C/lynx_help" -name '*.html.gz' -exec gunzip {} +
cp /etc/lynx/lynx.cfg "$C/lynx.cfg.txt"
cp /etc/lynx/lynx.lss "$C/lynx.lss.txt"
LC_ALL=C MANWIDTH=80 man --nh -l -P cat /usr/share/man/man1/lynx.1.gz | col -bx > "$C/lynx.1.txt"
