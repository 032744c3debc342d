#!/usr/bin/env bash
set -euo pipefail
# packages: python-celery-doc
C=${CORPORA:-/work/corpora}/celery-docs
rm -rf "$C"
mkdir -p "$C"
cd /usr/share/doc/python-celery-doc/html && \
find . -type f \( -name '*.html' -o -name '*.html.gz' \) \
    ! -path './_*' ! -path './reference/*' ! -path './internals/reference/*' \
    ! -name search.html ! -name genindex.html ! -name py-modindex.html -print0 \
  | sort -z | xargs -0 cp -p --parents -t "$C"
