#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: procps man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/procps-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages --grep '^/usr/share/man/man[0-9]/[^/]+\.gz$' "$C" procps   # e.g. ps.1.txt, sysctl.conf.5.txt
