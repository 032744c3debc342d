#!/usr/bin/env bash
set -euo pipefail
# packages: haproxy-doc
# The suite's README names the root /work/corpora/haproxy; it is built here under the suite's name like every
# other suite (same four files).
C=${CORPORA:-/work/corpora}/haproxy-manual
rm -rf "$C"; mkdir -p "$C"
cp /usr/share/doc/haproxy/html/{configuration,intro,management}.html "$C/"
cp /usr/share/doc/haproxy/lua/index.html "$C/lua-api.html"
