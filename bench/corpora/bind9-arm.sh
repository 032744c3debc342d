#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: bind9-doc
C=${CORPORA:-/work/corpora}/bind9-arm
rm -rf "$C"; mkdir -p "$C"
copy_html_pages /usr/share/doc/bind9-doc/arm "$C"
