#!/usr/bin/env bash
set -euo pipefail
# packages: postfix-doc
C=${CORPORA:-/work/corpora}/postfix-docs
rm -rf "$C"; mkdir -p "$C"
cp -r /usr/share/doc/postfix/html/. "$C/"
