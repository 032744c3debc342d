#!/usr/bin/env bash
set -euo pipefail
# packages: python-jsonschema-doc
C=${CORPORA:-/work/corpora}/jsonschema-docs
rm -rf "$C" && mkdir -p "$C"
cd /usr/share/doc/python-jsonschema-doc/html
cp -L creating.html errors.html faq.html index.html references.html validate.html "$C/"
