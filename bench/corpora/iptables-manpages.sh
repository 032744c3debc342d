#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: iptables man-db bsdextrautils
C=${CORPORA:-/work/corpora}/iptables-manpages
rm -rf "$C"
mkdir -p "$C"
render_man_pages "$C" iptables   # iptables.8.txt, iptables-xml.1.txt, ...
