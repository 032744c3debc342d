#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-babel-doc cpio
C=${CORPORA:-/work/corpora}/babel-docs
rm -rf "$C"
mkdir -p "$C"
copy_html_pages --recursive --gz /usr/share/doc/python-babel-doc/html "$C"
