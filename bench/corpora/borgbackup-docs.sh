#!/usr/bin/env bash
set -euo pipefail
# packages: borgbackup-doc borgbackup man-db bsdextrautils
C=${CORPORA:-/work/corpora}/borgbackup-docs
rm -rf "$C"; mkdir -p "$C"
mkdir -p "$C/html" "$C/man"
(cd /usr/share/doc/borgbackup/html && find . -name '*.html' -not -path './_static/*' -not -path './_sources/*' \
  | sort | tar cf - -T - | tar xf - -C "$C/html")
for f in /usr/share/man/man1/borg*.1.gz; do
  [ -L "$f" ] && continue                      # borgbackup.1.gz -> borg.1.gz
  name=$(basename "$f" .gz)
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$C/man/$name.txt"
done
