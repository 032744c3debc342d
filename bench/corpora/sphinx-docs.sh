#!/usr/bin/env bash
set -euo pipefail
# packages: sphinx-doc
C=${CORPORA:-/work/corpora}/sphinx-docs
rm -rf "$C"
mkdir -p "$C" && cd /usr/share/doc/sphinx-doc/html && \
  find . -name '*.html' -not -path './_modules/*' -not -path './_static/*' \
    -exec cp --parents -p {} "$C"/ \;
