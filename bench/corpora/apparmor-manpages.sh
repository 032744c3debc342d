#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: apparmor apparmor-utils man-db bsdextrautils
C=${CORPORA:-/work/corpora}/apparmor-manpages
rm -rf "$C"; mkdir -p "$C"
mkdir -p "$C/man" "$C/doc"
render_man_pages "$C/man" apparmor apparmor-utils   # e.g. apparmor.d.5.txt
if cmp -s "$C/man/aa-status.8.txt" "$C/man/apparmor_status.8.txt"; then rm "$C/man/apparmor_status.8.txt"; fi
cp /usr/share/doc/apparmor/README.Debian "$C/doc/README.Debian.txt"
