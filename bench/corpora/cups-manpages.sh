#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: cups-daemon cups-client cups-bsd man-db bsdextrautils
C=${CORPORA:-/work/corpora}/cups-manpages
rm -rf "$C"
mkdir -p "$C/man" "$C/doc/examples"
render_man_pages --grep '^/usr/share/man/man[0-9]/[^/]+\.gz$' "$C/man" \
  cups-daemon cups-client cups-bsd   # e.g. cupsd.conf.5.txt
rm -f "$C/man/cupsdisable.8.txt" "$C/man/cupsreject.8.txt"   # byte-identical to cupsenable.8 / cupsaccept.8
zcat /usr/share/doc/cups-daemon/README.Debian.gz > "$C/doc/README.Debian.txt"
zcat /usr/share/doc/cups-daemon/NEWS.Debian.gz  > "$C/doc/cups-daemon.NEWS.Debian.txt"
zcat /usr/share/doc/cups-client/NEWS.Debian.gz  > "$C/doc/cups-client.NEWS.Debian.txt"
for f in /usr/share/doc/cups-daemon/examples/*.conf; do
  cp "$f" "$C/doc/examples/$(basename "$f").txt"
done
