#!/usr/bin/env bash
set -euo pipefail
# packages: mercurial-common
C=${CORPORA:-/work/corpora}/mercurial-help
rm -rf "$C"
mkdir -p "$C"
cd /usr/lib/python3/dist-packages/mercurial/helptext && \
  find . -name '*.txt' | tar cf - -T - | (cd "$C" && tar xf -)
