#!/usr/bin/env bash
set -euo pipefail
# packages: sqlite3-doc
C=${CORPORA:-/work/corpora}/sqlite-docs
rm -rf "$C"; mkdir -p "$C"
cp -r /usr/share/doc/sqlite3/. "$C/"
