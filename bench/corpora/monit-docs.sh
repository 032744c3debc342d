#!/usr/bin/env bash
set -euo pipefail
# packages: monit man-db bsdextrautils
C=${CORPORA:-/work/corpora}/monit-docs
rm -rf "$C"
D=/usr/share/doc/monit
mkdir -p "$C"
LC_ALL=C MANWIDTH=80 man --nh -l -P cat /usr/share/man/man1/monit.1.gz 2>/dev/null | col -bx > "$C/monit.1.txt"
cp /etc/monit/monitrc "$C/monitrc.txt"; chmod 644 "$C/monitrc.txt"
cp $D/README.Debian         "$C/README.Debian.txt"
zcat $D/NEWS.Debian.gz      > "$C/NEWS.Debian.txt"
zcat $D/changelog.Debian.gz > "$C/changelog.Debian.txt"
zcat $D/changelog.gz        > "$C/changelog.txt"
