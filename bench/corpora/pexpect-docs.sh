#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-pexpect-doc
D=/usr/share/doc/python-pexpect-doc
C=${CORPORA:-/work/corpora}/pexpect-docs
rm -rf "$C" && mkdir -p "$C/api" "$C/examples"
cd "$D/html"
copy_html_pages "$D/html" "$C"
cp -p api/*.html "$C/api/"
cp -p "$D/examples/README" "$C/examples/README.txt"
