#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: rclone man-db groff-base bsdextrautils
# (rclone 1.60's one manual page, rendered as text, the same manual as the HTML page the package ships in
#  /usr/share/doc/rclone, and the Debian changelog. MANUAL.md.gz, a third copy of the same manual, is left out.)
C=${CORPORA:-/work/corpora}/rclone-manual
rm -rf "$C"; mkdir -p "$C"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" rclone   # rclone.1.txt
cp -pL /usr/share/doc/rclone/MANUAL.html "$C/MANUAL.html"
zcat /usr/share/doc/rclone/changelog.Debian.gz > "$C/changelog.Debian.txt"
