#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: e2fsprogs man-db bsdextrautils
C=${CORPORA:-/work/corpora}/e2fsprogs-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages "$C" e2fsprogs   # e.g. mke2fs.8.txt, mke2fs.conf.5.txt
