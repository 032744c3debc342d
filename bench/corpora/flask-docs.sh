#!/usr/bin/env bash
set -euo pipefail
# packages: python-flask-doc
C=${CORPORA:-/work/corpora}/flask-docs
rm -rf "$C"
mkdir -p "$C"
cd /usr/share/doc/python-flask-doc/html && tar cf - --exclude=_sources --exclude=_static --exclude=_images \
  --exclude=objects.inv --exclude=searchindex.js . | (cd "$C" && tar xf -)
