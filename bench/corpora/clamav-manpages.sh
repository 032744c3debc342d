#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: clamav clamav-daemon clamav-freshclam clamdscan clamav-base man-db bsdextrautils
C=${CORPORA:-/work/corpora}/clamav-manpages
rm -rf "$C"
mkdir -p "$C/man" "$C/doc"
render_man_pages "$C/man" clamav clamav-daemon clamav-freshclam clamdscan   # clamd.conf.5.txt, clamscan.1.txt, ...
zcat /usr/share/doc/clamav-base/README.md.gz     > "$C/doc/README.md"
zcat /usr/share/doc/clamav-base/NEWS.md.gz       > "$C/doc/NEWS.md"
zcat /usr/share/doc/clamav-base/README.Debian.gz > "$C/doc/README.Debian.txt"
