#!/usr/bin/env bash
set -euo pipefail
# packages: mkdocs-doc
C=${CORPORA:-/work/corpora}/mkdocs-docs
rm -rf "$C"
mkdir -p "$C" && cd /usr/share/doc/mkdocs/html && \
  find . -name '*.html' -not -name '404.html' -exec cp --parents -p {} "$C"/ \;
