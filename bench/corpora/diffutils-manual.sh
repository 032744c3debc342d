#!/usr/bin/env bash
set -euo pipefail
# packages: diffutils-doc
C=${CORPORA:-/work/corpora}/diffutils-manual
rm -rf "$C"
mkdir -p "$C"
dpkg -L diffutils-doc | grep '^/usr/share/doc/diffutils/.*\.html$' | xargs -I{} cp {} "$C/"
