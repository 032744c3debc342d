#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-psutil-doc
D=/usr/share/doc/python-psutil-doc
C=${CORPORA:-/work/corpora}/psutil-docs
rm -rf "$C" && mkdir -p "$C/examples/internal"
copy_html_pages "$D/html" "$C"
gzip -dc "$D/README.rst.gz" > "$C/README.rst"
gzip -dc "$D/changelog.gz" > "$C/changelog.txt"
gzip -dc "$D/changelog.Debian.gz" > "$C/changelog.Debian.txt"
cp -p "$D/examples/internal/README" "$C/examples/internal/README.txt"
