#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: rsyslog-doc
C=${CORPORA:-/work/corpora}/rsyslog-docs
rm -rf "$C"; mkdir -p "$C"
SRC=/usr/share/doc/rsyslog-doc/html
copy_html_pages --recursive "$SRC" "$C"
