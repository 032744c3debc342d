#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-pyparsing-doc
H=/usr/share/doc/python-pyparsing-doc
C=${CORPORA:-/work/corpora}/pyparsing-docs
rm -rf "$C" && mkdir -p "$C/html" "$C/examples"
copy_html_pages "$H/html" "$C/html"
cp -p "$H/README.rst" "$C/"
cp -p "$H/examples/0README.html" "$C/examples/"
zcat "$H/changelog.gz" > "$C/CHANGES.txt"
