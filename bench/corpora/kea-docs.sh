#!/usr/bin/env bash
set -euo pipefail
# packages: kea-doc
C=${CORPORA:-/work/corpora}/kea-docs
rm -rf "$C"; mkdir -p "$C"
SRC=/usr/share/doc/kea
mkdir -p "$C/arm" "$C/man" "$C/grammar"
cp "$SRC"/html/api.html "$SRC"/html/index.html "$SRC"/html/kea-messages.html \
   "$SRC"/html/manpages.html "$SRC"/html/umls.html "$C"/
cp "$SRC"/html/arm/*.html "$C"/arm/
cp "$SRC"/html/man/*.html "$C"/man/
cp "$SRC"/html/grammar/grammar.html "$C"/grammar/
zcat "$SRC"/platforms.rst.gz > "$C"/platforms.rst
