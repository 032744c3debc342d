#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-sympy-doc
C=${CORPORA:-/work/corpora}/sympy-docs
rm -rf "$C"; mkdir -p "$C"
# Every Sphinx page, in its subfolder; leaves out _images, _sources, _static, search, genindex and py-modindex.
# The plot images and PDFs beside the pages (modules/plotting-*.png, *.pdf.gz, pics/) are not copied.
copy_html_pages --recursive /usr/share/doc/python-sympy-doc/html "$C"
