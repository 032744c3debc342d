#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-structlog-doc
# Debian 12 python-structlog-doc 22.3.0-2: the structlog 22.3 Sphinx (Furo) HTML documentation. Every HTML page
# (plain or gzip-compressed, as shipped) is copied as a real file, keeping subfolders; not copied: search.html,
# genindex.html, py-modindex.html, _static/, _sources/, _modules/, _images/, objects.inv, searchindex.js.
D=$(readlink -f /usr/share/doc/python-structlog-doc/html)
C=${CORPORA:-/work/corpora}/structlog-docs
rm -rf "$C" && mkdir -p "$C"
copy_html_pages --recursive --gz "$D" "$C"
