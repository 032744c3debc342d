#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-psycopg2-doc
C=${CORPORA:-/work/corpora}/psycopg2-docs
rm -rf "$C"; mkdir -p "$C"
copy_html_pages /usr/share/doc/python-psycopg2-doc/html "$C"
