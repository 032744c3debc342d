#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-pika-doc
D=/usr/share/doc/python-pika-doc
C=${CORPORA:-/work/corpora}/pika-docs
rm -rf "$C" && mkdir -p "$C"
copy_html_pages --recursive "$D/html" "$C"
gzip -dc "$D/README.rst.gz" > "$C/README.rst"
gzip -dc "$D/changelog.gz" > "$C/changelog.txt"
gzip -dc "$D/changelog.Debian.gz" > "$C/changelog.Debian.txt"
