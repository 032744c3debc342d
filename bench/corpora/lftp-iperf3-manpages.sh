#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: lftp iperf3 man-db groff-base bsdextrautils
# lftp 4.9.2 (lftp.1, lftp.conf.5, lftpget.1) and iperf3 3.12 (iperf3.1) manual pages as plain text, plus the
# plain-text documents both packages ship under /usr/share/doc (decompressed; copyright files and the
# binary-only rebuild changelog skipped; libiperf0's docs are byte-identical to iperf3's and are not repeated).
C=${CORPORA:-/work/corpora}/lftp-iperf3-manpages
rm -rf "$C"; mkdir -p "$C/lftp" "$C/iperf3"
render_man_pages "$C/lftp" lftp        # lftp.1.txt, lftp.conf.5.txt, lftpget.1.txt
render_man_pages "$C/iperf3" iperf3    # iperf3.1.txt
L=/usr/share/doc/lftp
for f in BUGS FAQ README.debug-levels README.modules TODO; do
  cp "$L/$f" "$C/lftp/$f.txt"
done
gzip -dc "$L/README.gz" > "$C/lftp/README.txt"
gzip -dc "$L/changelog.gz" > "$C/lftp/NEWS.txt"          # upstream NEWS, installed as changelog.gz
gzip -dc "$L/changelog.Debian.gz" > "$C/lftp/changelog.Debian.txt"
I=/usr/share/doc/iperf3
gzip -dc "$I/README.md.gz" > "$C/iperf3/README.md"
gzip -dc "$I/changelog.gz" > "$C/iperf3/RELEASE_NOTES.txt"   # upstream release notes, installed as changelog.gz
gzip -dc "$I/changelog.Debian.gz" > "$C/iperf3/changelog.Debian.txt"
