#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: gawk man-db groff-base bsdextrautils
# (gawk ships gawk.1, gawkbug.1, pm-gawk.1 and eleven extension pages in section 3am, no translations and no
#  alias links. Left out: examples/ (awk programs, C sources and data files), copyright, changelog.Debian.gz.)
C=${CORPORA:-/work/corpora}/gawk-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" gawk   # gawk.1.txt, ..., rwarray.3am.txt
D=/usr/share/doc/gawk
cp "$D/README" "$C/gawk-README.txt"
cp "$D/POSIX.STD" "$C/gawk-POSIX.STD.txt"
cp "$D/AUTHORS" "$C/gawk-AUTHORS.txt"
gzip -dc "$D/NEWS.gz" > "$C/gawk-NEWS.txt"
gzip -dc "$D/changelog.gz" > "$C/gawk-ChangeLog.txt"
