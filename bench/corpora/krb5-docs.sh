#!/usr/bin/env bash
set -euo pipefail
# packages: krb5-doc
C=${CORPORA:-/work/corpora}/krb5-docs
rm -rf "$C"
mkdir -p "$C"
cd /usr/share/doc/krb5-doc
find . -name '*.html' \
     -not -path './appdev/refs/api/*' -not -path './appdev/refs/macros/*' \
     -not -name 'genindex*' -not -name 'search.html' -print0 \
  | sort -z | xargs -0 cp --parents -t "$C"
