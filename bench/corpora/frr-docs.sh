#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: frr-doc
C=${CORPORA:-/work/corpora}/frr-docs
rm -rf "$C"
mkdir -p "$C"
copy_html_pages /usr/share/doc/frr/html "$C"
