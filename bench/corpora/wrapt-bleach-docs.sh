#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-wrapt-doc python-bleach-doc
W=/usr/share/doc/python-wrapt-doc
B=/usr/share/doc/python-bleach-doc
C=${CORPORA:-/work/corpora}/wrapt-bleach-docs
rm -rf "$C" && mkdir -p "$C/wrapt" "$C/bleach"
copy_html_pages "$W/html" "$C/wrapt"
copy_html_pages "$B/html" "$C/bleach"
