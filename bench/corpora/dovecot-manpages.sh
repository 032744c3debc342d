#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: dovecot-core dovecot-imapd man-db bsdextrautils
C=${CORPORA:-/work/corpora}/dovecot-manpages
rm -rf "$C"
mkdir -p "$C/man" "$C/doc"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C/man" \
  dovecot-core dovecot-imapd   # e.g. doveadm-sync.1.txt
D=/usr/share/doc/dovecot-core
cd "$D" && find . -type f \( -name '*.txt' -o -name '*.txt.gz' \) | sort | while read -r f; do
  rel=${f#./}; rel=${rel%.gz}
  mkdir -p "$C/doc/$(dirname "$rel")"
  case "$f" in *.gz) zcat "$f" > "$C/doc/$rel";; *) cp "$f" "$C/doc/$rel";; esac
done
