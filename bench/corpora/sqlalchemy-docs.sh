#!/usr/bin/env bash
set -euo pipefail
# packages: python-sqlalchemy-doc
C=${CORPORA:-/work/corpora}/sqlalchemy-docs
rm -rf "$C"; mkdir -p "$C"
cd /usr/share/doc/python-sqlalchemy-doc/html
tar cf - --exclude=./_sources --exclude=./_static \
  --exclude=./_images --exclude=./_modules --exclude=./changelog --exclude=./objects.inv \
  --exclude=./searchindex.js --exclude=./genindex.html --exclude=./search.html . \
  | (cd "$C" && tar xf -)
