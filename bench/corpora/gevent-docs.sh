#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-gevent-doc
D=/usr/share/doc/python-gevent-doc
C=${CORPORA:-/work/corpora}/gevent-docs
rm -rf "$C" && mkdir -p "$C/api" "$C/development" "$C/examples/webchat"
cd "$D/html"
copy_html_pages "$D/html" "$C"
gzip -dc changelog.html.gz > "$C/changelog.html"
cp -p api/*.html "$C/api/"
cp -p development/*.html "$C/development/"
cp -p examples/*.html "$C/examples/"
gzip -dc "$D/changelog.gz" > "$C/changelog.txt"
cp -p "$D/examples/webchat/README" "$C/examples/webchat/README.txt"
