#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-click-doc
C=${CORPORA:-/work/corpora}/click-docs
rm -rf "$C"; mkdir -p "$C"
copy_html_pages --keep-modindex /usr/share/doc/python-click-doc/html "$C"
