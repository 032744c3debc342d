#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: openvswitch-doc
# (Sphinx HTML of Open vSwitch 3.1.0, English only; _sources/*.rst.txt repeat the same pages and are left out,
#  as are _static, _images, search.html, genindex.html, objects.inv and searchindex.js.)
C=${CORPORA:-/work/corpora}/openvswitch-docs
rm -rf "$C"; mkdir -p "$C"
copy_html_pages --recursive /usr/share/doc/openvswitch-doc/html "$C"
