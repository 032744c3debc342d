#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: isc-dhcp-server isc-dhcp-client isc-dhcp-common man-db bsdextrautils
C=${CORPORA:-/work/corpora}/isc-dhcp-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages "$C" isc-dhcp-server isc-dhcp-client isc-dhcp-common   # e.g. dhcpd.conf.5.txt
