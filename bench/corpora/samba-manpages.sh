#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: samba-common-bin samba-common man-db bsdextrautils
C=${CORPORA:-/work/corpora}/samba-manpages
rm -rf "$C"
mkdir -p "$C"
render_man_pages --by-section --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" \
  samba-common-bin samba-common   # e.g. man5/smb.conf.5.txt
