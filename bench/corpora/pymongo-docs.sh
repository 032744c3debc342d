#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-pymongo-doc
D=/usr/share/doc/python-pymongo-doc
C=${CORPORA:-/work/corpora}/pymongo-docs
rm -rf "$C" && mkdir -p "$C"
copy_html_pages --recursive "$D/html" "$C"
gzip -dc "$D/changelog.gz" > "$C/changelog.txt"
gzip -dc "$D/changelog.Debian.gz" > "$C/changelog.Debian.txt"
