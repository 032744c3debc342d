#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: nftables iptables man-db bsdextrautils
C=${CORPORA:-/work/corpora}/nftables-manpages
rm -rf "$C"
mkdir -p "$C"
render_man_pages "$C" nftables iptables   # nft.8.txt, iptables-xml.1.txt, ...
