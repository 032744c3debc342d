#!/usr/bin/env bash
set -euo pipefail
# packages: docker-doc
C=${CORPORA:-/work/corpora}/docker-docs
rm -rf "$C"; mkdir -p "$C"
cd /usr/share/doc/docker-doc
find . \( -name '*.md' -o -name '*.md.gz' \) ! -path './api/*' -exec cp --parents {} "$C/" \;
