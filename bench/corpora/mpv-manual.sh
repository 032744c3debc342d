#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: mpv man-db groff-base bsdextrautils
# (mpv 0.35's one English manual page, mpv.1, rendered to text, plus the user documentation Debian ships in
#  /usr/share/doc/mpv: README.md, the EDL and encoding notes (.rst), the technical overview, the upstream release
#  notes, and the sample configuration files input.conf (the default key bindings), mpv.conf,
#  restore-old-bindings.conf and mplayer-input.conf, given a .txt suffix so that they are read. Left out:
#  waf-buildsystem.rst (building mpv from source), changelog.Debian, copyright and the example Lua scripts apart
#  from their README.md.)
C=${CORPORA:-/work/corpora}/mpv-manual
rm -rf "$C"; mkdir -p "$C"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" mpv   # mpv.1.txt
D=/usr/share/doc/mpv
gzip -dc "$D/README.md.gz" > "$C/README.md"
gzip -dc "$D/edl-mpv.rst.gz" > "$C/edl-mpv.rst"
gzip -dc "$D/encoding.rst.gz" > "$C/encoding.rst"
gzip -dc "$D/tech-overview.txt.gz" > "$C/tech-overview.txt"
gzip -dc "$D/changelog.gz" > "$C/changelog.txt"
gzip -dc "$D/input.conf.gz" > "$C/input.conf.txt"
gzip -dc "$D/mpv.conf.gz" > "$C/mpv.conf.txt"
cp "$D/restore-old-bindings.conf" "$C/restore-old-bindings.conf.txt"
cp "$D/mplayer-input.conf" "$C/mplayer-input.conf.txt"
cp "$D/examples/lua/README.md" "$C/examples-lua-README.md"
