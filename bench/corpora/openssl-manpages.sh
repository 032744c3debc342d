#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: openssl man-db bsdextrautils
C=${CORPORA:-/work/corpora}/openssl-manpages
rm -rf "$C"
mkdir -p "$C"
render_man_pages --grep '^/usr/share/man/man[15]/.*\.gz$' "$C" openssl   # e.g. openssl-req.1ssl.txt
