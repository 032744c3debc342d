#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/info.sh"
# packages: findutils locate man-db bsdextrautils info
C=${CORPORA:-/work/corpora}/findutils-manpages
rm -rf "$C"; mkdir -p "$C"
mkdir -p "$C/man" "$C/doc" "$C/info"
for f in /usr/share/man/man1/find.1.gz /usr/share/man/man1/xargs.1.gz \
         /usr/share/man/man1/locate.findutils.1.gz /usr/share/man/man1/updatedb.findutils.1.gz \
         /usr/share/man/man5/locatedb.5.gz; do
  name=$(basename "$f" .gz)                        # find.1, locate.findutils.1, locatedb.5 ...
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$C/man/$name.txt"
done
zcat /usr/share/doc/findutils/README.gz      > "$C/doc/README.txt"
zcat /usr/share/doc/findutils/NEWS.gz        > "$C/doc/NEWS.txt"
zcat /usr/share/doc/findutils/NEWS.Debian.gz > "$C/doc/NEWS.Debian.txt"
cp /usr/share/doc/findutils/TODO               "$C/doc/TODO.txt"
cp /usr/share/doc/locate/README.Debian         "$C/doc/locate-README.Debian.txt"
render_info_manual /usr/share/info/find.info.gz "$C/info/find.info.txt"
