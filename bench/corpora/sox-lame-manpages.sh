#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: sox lame man-db groff-base bsdextrautils
# (sox pulls libsox3 and libsox-fmt-*; those and libmp3lame0 ship no manual pages, and their changelog.gz is
#  byte-identical to the one of sox / lame. play.1, rec.1 and soxeffect.7 are symlinks to sox.1 and are skipped.)
C=${CORPORA:-/work/corpora}/sox-lame-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages --skip-redirects "$C" sox lame   # sox.1.txt, soxi.1.txt, soxformat.7.txt, lame.1.txt
D=/usr/share/doc/sox
gzip -dc "$D/README.gz" > "$C/sox-README.txt"
gzip -dc "$D/NEWS.gz" > "$C/sox-NEWS.txt"
gzip -dc "$D/changelog.gz" > "$C/sox-ChangeLog.txt"
cp "$D/README.Debian" "$C/sox-README.Debian.txt"
cp "$D/README.source" "$C/sox-README.source.txt"
gzip -dc /usr/share/doc/lame/changelog.gz > "$C/lame-ChangeLog.txt"
