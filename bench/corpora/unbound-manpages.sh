#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: unbound man-db bsdextrautils
C=${CORPORA:-/work/corpora}/unbound-manpages
rm -rf "$C"
mkdir -p "$C"
render_man_pages "$C" unbound   # unbound.conf.5.txt, unbound-control.8.txt, ...
# unbound-control-setup.8 is a copy of the unbound-control page: drop the duplicate rendering
if cmp -s "$C/unbound-control-setup.8.txt" "$C/unbound-control.8.txt"; then rm -f "$C/unbound-control-setup.8.txt"; fi
