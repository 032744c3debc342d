#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-werkzeug-doc cpio
C=${CORPORA:-/work/corpora}/werkzeug-docs
rm -rf "$C"; mkdir -p "$C"
copy_html_pages --recursive --keep-modindex /usr/share/doc/python-werkzeug-doc/html "$C"
