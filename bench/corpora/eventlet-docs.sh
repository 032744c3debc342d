#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-eventlet-doc
D=/usr/share/doc/python-eventlet-doc
C=${CORPORA:-/work/corpora}/eventlet-docs
rm -rf "$C" && mkdir -p "$C"
copy_html_pages --recursive "$D/html" "$C"
cp -pL "$D/README.rst" "$C/README.rst"
gzip -dc "$D/changelog.gz" > "$C/changelog.txt"
gzip -dc "$D/changelog.Debian.gz" > "$C/changelog.Debian.txt"
