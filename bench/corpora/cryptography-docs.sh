#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-cryptography-doc
C=${CORPORA:-/work/corpora}/cryptography-docs
rm -rf "$C"; mkdir -p "$C"
S=/usr/share/doc/python-cryptography-doc/html
copy_html_pages --recursive --gz --keep-modindex "$S" "$C"
