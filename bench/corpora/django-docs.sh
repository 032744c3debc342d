#!/usr/bin/env bash
set -euo pipefail
# packages: python-django-doc
C=${CORPORA:-/work/corpora}/django-docs
rm -rf "$C"; mkdir -p "$C"
cd /usr/share/doc/python-django-doc/html && tar cf - --exclude=_sources --exclude=_static --exclude=_images . \
  | (cd "$C" && tar xf -)
