#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: nut-server nut-client man-db bsdextrautils
C=${CORPORA:-/work/corpora}/nut-manpages
rm -rf "$C"
D=/usr/share/doc/nut-server
mkdir -p "$C/man" "$C/doc"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C/man" nut-server nut-client   # e.g. upsmon.conf.5.txt
for f in README NEWS NEWS.Debian TODO; do zcat "$D/$f.gz" > "$C/doc/$f.txt"; done
# expect: 72 files, 494842 bytes of files (find "$C" -type f | xargs cat | wc -c)
