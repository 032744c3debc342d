#!/usr/bin/env bash
set -euo pipefail
# packages: exim4-doc-html
C=${CORPORA:-/work/corpora}/exim-spec
rm -rf "$C"; mkdir -p "$(dirname "$C")"
# cp -r keeps the package's chNN.html -> ch-*.html symlinks as symlinks (as the README's recipe does)
cp -r /usr/share/doc/exim4-doc-html/spec_html "$C"
