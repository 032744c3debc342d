#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: iproute2 man-db bsdextrautils
C=${CORPORA:-/work/corpora}/iproute2-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages "$C" iproute2   # ip-route.8.txt, tc-hfsc.7.txt, ...
