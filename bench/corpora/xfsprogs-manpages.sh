#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: xfsprogs man-db bsdextrautils
C=${CORPORA:-/work/corpora}/xfsprogs-manpages
rm -rf "$C"
mkdir -p "$C"
render_man_pages "$C" xfsprogs   # e.g. mkfs.xfs.8.txt, xfs.5.txt
