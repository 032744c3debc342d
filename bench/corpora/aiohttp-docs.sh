#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-aiohttp-doc
D=/usr/share/doc/python-aiohttp-doc
C=${CORPORA:-/work/corpora}/aiohttp-docs
rm -rf "$C" && mkdir -p "$C"
copy_html_pages "$D/html" "$C"      # top-level pages only: not _static, _sources, _snippets, _images
gzip -dc "$D/changelog.gz" > "$C/changelog.txt"
gzip -dc "$D/changelog.Debian.gz" > "$C/changelog.Debian.txt"
