#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: nfs-common nfs-kernel-server libnfsidmap1 man-db bsdextrautils
C=${CORPORA:-/work/corpora}/nfs-manpages
rm -rf "$C"
mkdir -p "$C"
render_man_pages "$C" nfs-common nfs-kernel-server libnfsidmap1   # e.g. nfs.5.txt, mount.nfs.8.txt
