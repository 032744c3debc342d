#!/usr/bin/env bash
set -euo pipefail
# packages: gettext-doc
C=${CORPORA:-/work/corpora}/gettext-manual
rm -rf "$C"
mkdir -p "$C"
cp /usr/share/doc/gettext/gettext_*.html "$C/"
