#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: cyrus-doc
# (Only the HTML manual, html/*.html and html/man/*.html, all English; murder.png is not a page. The package's
#  changelog.html.gz is byte-identical to html/changes.html, so it is not copied again.)
C=${CORPORA:-/work/corpora}/cyrus-docs
rm -rf "$C"; mkdir -p "$C"
copy_html_pages --recursive /usr/share/doc/cyrus-doc/html "$C"
