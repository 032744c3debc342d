#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: apcupsd apcupsd-doc man-db bsdextrautils
C=${CORPORA:-/work/corpora}/apcupsd-docs
rm -rf "$C"; mkdir -p "$C"
# The user manual: one HTML page built from manual.rst, which includes cables.rst, maintaining_ups.rst and
# smartprotocol.rst, so the .rst sources (and the images) are not copied.
cp -p /usr/share/doc/apcupsd/manual/manual.html "$C/manual.html"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C/man" apcupsd   # e.g. apcupsd.conf.5.txt
# expect: 6 files, 476759 bytes of files (find "$C" -type f | xargs cat | wc -c)
