#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-arrow-doc
D=/usr/share/doc/python-arrow-doc
C=${CORPORA:-/work/corpora}/arrow-docs
rm -rf "$C"; mkdir -p "$C"
copy_html_pages "$D/html" "$C"      # index.html (the user guide; its API headings are empty) and releases.html
# changelog.gz is the upstream CHANGELOG.rst that releases.html already renders, so it is not copied again.
gzip -dc "$D/changelog.Debian.gz" > "$C/changelog.Debian.txt"
