#!/usr/bin/env bash
set -euo pipefail
# packages: fetchmail man-db bsdextrautils
C=${CORPORA:-/work/corpora}/fetchmail-docs
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc/fetchmail
LC_ALL=C MANWIDTH=80 man --nh -l -P cat /usr/share/man/man1/fetchmail.1.gz 2>/dev/null | col -bx > "$C/fetchmail.1.txt"
cp $D/fetchmail-FAQ.html $D/design-notes.html "$C/"
zcat $D/NEWS.gz        > "$C/NEWS.txt"
zcat $D/NEWS.Debian.gz > "$C/NEWS.Debian.txt"
zcat $D/README.Debian.gz > "$C/README.Debian.txt"
zcat $D/README.SSL.gz  > "$C/README.SSL.txt"
cp $D/README.systemd "$C/README.systemd.txt"
