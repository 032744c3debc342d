#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-peewee-doc
C=${CORPORA:-/work/corpora}/peewee-docs
rm -rf "$C"; mkdir -p "$C"
# index.html and peewee/*.html (English only; the package ships no translation). Left out: search.html,
# genindex.html, _static/, _sources/, _images/, objects.inv, searchindex.js and the changelog.gz copy.
copy_html_pages --recursive /usr/share/doc/python-peewee-doc/html "$C"
