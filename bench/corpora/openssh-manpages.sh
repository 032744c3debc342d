#!/usr/bin/env bash
set -euo pipefail
# packages: openssh-client openssh-server openssh-sftp-server man-db bsdextrautils
C=${CORPORA:-/work/corpora}/openssh-manpages
rm -rf "$C"
mkdir -p "$C"
for p in openssh-client openssh-server openssh-sftp-server; do dpkg -L "$p"; done |
  grep '^/usr/share/man/man[0-9]/.*\.gz$' | sort | while read -r f; do
  [ -L "$f" ] && continue                       # slogin.1, authorized_keys.5 are alias links
  name=$(basename "$f" .gz)                     # e.g. ssh_config.5
  out="$C/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
