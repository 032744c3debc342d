#!/usr/bin/env bash
set -euo pipefail
# packages: perl-doc
C=${CORPORA:-/work/corpora}/perl-pod
rm -rf "$C"
mkdir -p "$C"
cd /usr/share/perl/5.36/pod
for f in perl*.pod; do
  case "$f" in perltoc.pod|perluniprops.pod|perlcn.pod|perljp.pod|perlko.pod|perltw.pod) continue;; esac
  echo "$f" | grep -qE '^perl[0-9]+delta\.pod$' && continue
  pod2text --utf8 --errors=none "$f" | LC_ALL=C.UTF-8 iconv -f UTF-8 -t ASCII//TRANSLIT \
    > "$C/${f%.pod}.txt"
done
