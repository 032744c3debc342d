#!/usr/bin/env bash
set -euo pipefail
# packages: dovecot-core dovecot-imapd man-db bsdextrautils
C=${CORPORA:-/work/corpora}/dovecot-manpages
rm -rf "$C"
mkdir -p "$C/man" "$C/doc"
for p in dovecot-core dovecot-imapd; do dpkg -L "$p"; done |
  grep '^/usr/share/man/man[0-9]/.*\.gz$' | sort -u | while read -r f; do
  [ -L "$f" ] && continue                         # deliver.1, dsync.1, doveadm-backup.1 ... are alias links
  name=$(basename "$f" .gz)                       # e.g. doveadm-sync.1
  out="$C/man/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
D=/usr/share/doc/dovecot-core
cd "$D" && find . -type f \( -name '*.txt' -o -name '*.txt.gz' \) | sort | while read -r f; do
  rel=${f#./}; rel=${rel%.gz}
  mkdir -p "$C/doc/$(dirname "$rel")"
  case "$f" in *.gz) zcat "$f" > "$C/doc/$rel";; *) cp "$f" "$C/doc/$rel";; esac
done
