#!/usr/bin/env bash
set -euo pipefail
# packages: nodejs-doc
C=${CORPORA:-/work/corpora}/nodejs-api
rm -rf "$C"; mkdir -p "$C"
cd /usr/share/doc/nodejs/api && cp -p ./*.md ./*.md.gz "$C/"
