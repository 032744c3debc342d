#!/usr/bin/env bash
set -euo pipefail
# packages: postgresql-doc-15
# No README: docs/evaluation.md runs this suite on /usr/share/doc/postgresql-doc-15/html in place; this copies
# that folder unchanged so the suite has a root under the corpora folder too.
C=${CORPORA:-/work/corpora}/postgresql-manual
rm -rf "$C"; mkdir -p "$C"
cp -r /usr/share/doc/postgresql-doc-15/html/. "$C/"
