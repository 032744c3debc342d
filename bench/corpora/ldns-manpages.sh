#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: ldnsutils man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/ldns-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages "$C" ldnsutils   # drill.1.txt, ldns-signzone.1.txt, ...
D=/usr/share/doc/ldnsutils
cp "$D/REGRESSIONS" "$C/REGRESSIONS.txt"
cp "$D/copyright" "$C/copyright.txt"
gzip -dc "$D/changelog.gz" > "$C/changelog.txt"
gzip -dc "$D/changelog.Debian.gz" > "$C/changelog.Debian.txt"
gzip -dc "$D/changelog.Debian.amd64.gz" > "$C/changelog.Debian.amd64.txt"
