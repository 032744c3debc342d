#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: btrfs-progs man-db bsdextrautils
C=${CORPORA:-/work/corpora}/btrfs-progs-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages "$C" btrfs-progs   # e.g. mkfs.btrfs.8.txt, btrfs.5.txt
