#!/usr/bin/env bash
set -euo pipefail
# packages: python-jinja2-doc
C=${CORPORA:-/work/corpora}/jinja2-docs
rm -rf "$C"
mkdir -p "$C"
cd /usr/share/doc/python-jinja2-doc/html && tar cf - --exclude=_sources --exclude=_static \
  --exclude=_images --exclude=objects.inv --exclude=searchindex.js --exclude=search.html \
  --exclude=404.html . | (cd "$C" && tar xf -)
