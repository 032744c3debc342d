#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: lvm2 man-db bsdextrautils
C=${CORPORA:-/work/corpora}/lvm2-manpages
rm -rf "$C"
mkdir -p "$C"
render_man_pages --by-section --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" lvm2   # e.g. man8/lvcreate.8.txt
