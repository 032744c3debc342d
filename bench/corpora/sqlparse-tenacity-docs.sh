#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-sqlparse-doc python-tenacity-doc
S=/usr/share/doc/python-sqlparse-doc
T=/usr/share/doc/python-tenacity-doc
C=${CORPORA:-/work/corpora}/sqlparse-tenacity-docs
rm -rf "$C" && mkdir -p "$C/sqlparse" "$C/tenacity"
copy_html_pages --recursive --gz "$S/html" "$C/sqlparse"
copy_html_pages --recursive --gz "$T/html" "$C/tenacity"
gzip -dc "$S/changelog.gz" > "$C/sqlparse/changelog.txt"
gzip -dc "$T/changelog.gz" > "$C/tenacity/changelog.txt"
