#!/usr/bin/env bash
set -euo pipefail
# packages: rsyslog-doc
C=${CORPORA:-/work/corpora}/rsyslog-docs
rm -rf "$C"; mkdir -p "$C"
SRC=/usr/share/doc/rsyslog-doc/html
cd "$SRC"
find . -type f -name '*.html' ! -path './_*' ! -name search.html ! -name genindex.html -printf '%P\n' | sort |
while read -r f; do mkdir -p "$C/$(dirname "$f")"; cp "$f" "$C/$f"; done
