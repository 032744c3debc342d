#!/usr/bin/env bash
set -euo pipefail
# packages: gnupg dirmngr gnupg-utils gpg gpg-agent gpg-wks-client gpg-wks-server gpgconf gpgsm gpgv man-db bsdextrautils
C=${CORPORA:-/work/corpora}/gnupg-manpages
rm -rf "$C"; mkdir -p "$C"
for p in gnupg dirmngr gnupg-utils gpg gpg-agent gpg-wks-client gpg-wks-server gpgconf gpgsm gpgv; do dpkg -L "$p"; done |
  grep '^/usr/share/man/man[0-9]/.*\.gz$' | sort -u | while read -r f; do
  [ -L "$f" ] && continue                       # skip alias links
  name=$(basename "$f" .gz)                     # e.g. gpg-agent.1
  out="$C/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
