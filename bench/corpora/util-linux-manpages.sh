#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: util-linux mount fdisk man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/util-linux-manpages
rm -rf "$C"; mkdir -p "$C"
# English pages of sections 1, 5 and 8 only (translations left out): fstab.5.txt, mount.8.txt, sfdisk.8.txt, ...
render_man_pages --grep '^/usr/share/man/man[158]/[^/]*\.gz$' "$C" util-linux mount fdisk
# Plain-text documents of /usr/share/doc/util-linux, decompressed, as doc/NAME.txt and doc/releases/NAME.txt.
# Left out: copyright, examples/ (scripts and sample config files), changelog.gz (a one-line pointer to git),
# and the mount/fdisk copies of mount.txt and changelog.Debian (identical but for the package name).
D=/usr/share/doc/util-linux
mkdir -p "$C/doc/releases"
for f in "$D"/*.txt; do cp "$f" "$C/doc/$(basename "$f")"; done
for f in "$D"/*.txt.gz; do gzip -dc "$f" > "$C/doc/$(basename "$f" .gz)"; done
cp "$D/README.Debian" "$C/doc/README.Debian.txt"
gzip -dc "$D/AUTHORS.gz" > "$C/doc/AUTHORS.txt"
gzip -dc "$D/changelog.Debian.gz" > "$C/doc/changelog.Debian.txt"
for f in "$D"/releases/*.gz; do gzip -dc "$f" > "$C/doc/releases/$(basename "$f" .gz).txt"; done
