#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-waitress-doc python-itsdangerous-doc
W=/usr/share/doc/python-waitress-doc
I=/usr/share/doc/python-itsdangerous-doc
C=${CORPORA:-/work/corpora}/waitress-itsdangerous-docs
rm -rf "$C"; mkdir -p "$C"
copy_html_pages "$W/html" "$C/waitress"
copy_html_pages "$I/html" "$C/itsdangerous"
