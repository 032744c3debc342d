#!/usr/bin/env bash
set -euo pipefail
# packages: python-requests-doc
C=${CORPORA:-/work/corpora}/requests-docs
rm -rf "$C"; mkdir -p "$C"
cd /usr/share/doc/python-requests-doc/html
tar cf - --exclude=_sources --exclude=_static --exclude=_images \
  --exclude=objects.inv --exclude=searchindex.js . | (cd "$C" && tar xf -)
