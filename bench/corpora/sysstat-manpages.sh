#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: sysstat man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/sysstat-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages "$C" sysstat   # sar.sysstat.1.txt, sadc.8.txt, sysstat.5.txt, ...
D=/usr/share/doc/sysstat
gzip -dc "$D/README.md.gz" > "$C/README.md"
gzip -dc "$D/FAQ.md.gz" > "$C/FAQ.md"
gzip -dc "$D/CREDITS.gz" > "$C/CREDITS.txt"
gzip -dc "$D/NEWS.Debian.gz" > "$C/NEWS.Debian.txt"
gzip -dc "$D/changelog.gz" > "$C/changelog.txt"
gzip -dc "$D/changelog.Debian.gz" > "$C/changelog.Debian.txt"
cp "$D/README.Debian" "$C/README.Debian.txt"
mkdir -p "$C/examples"
cp "$D/examples/README.irqstat" "$C/examples/README.irqstat.txt"
cp "$D/examples/crontab" "$C/examples/crontab.txt"
