#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-coverage-doc
D=/usr/share/doc/python-coverage-doc
C=${CORPORA:-/work/corpora}/coverage-docs
rm -rf "$C" && mkdir -p "$C"
copy_html_pages --recursive "$D/html" "$C"
gzip -dc "$D/changelog.gz" > "$C/changelog.txt"
gzip -dc "$D/changelog.Debian.gz" > "$C/changelog.Debian.txt"
