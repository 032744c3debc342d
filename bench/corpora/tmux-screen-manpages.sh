#!/usr/bin/env bash
set -euo pipefail
# packages: tmux screen man-db bsdextrautils
C=${CORPORA:-/work/corpora}/tmux-screen-manpages
rm -rf "$C"
mkdir -p "$C/tmux" "$C/screen"
for p in tmux screen; do
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat /usr/share/man/man1/$p.1.gz 2>/dev/null | col -bx > "$C/$p/$p.1.txt"
done
D=/usr/share/doc
cp $D/tmux/README "$C/tmux/README.txt"
zcat $D/tmux/NEWS.Debian.gz > "$C/tmux/NEWS.Debian.txt"
cp $D/screen/README "$C/screen/README.txt"
zcat $D/screen/README.Debian.gz > "$C/screen/README.Debian.txt"
zcat $D/screen/FAQ.gz > "$C/screen/FAQ.txt"
for n in NEWS NEWS.3.5 NEWS.3.6 NEWS.3.7 NEWS.3.9 NEWS.Debian; do
  zcat $D/screen/$n.gz > "$C/screen/$n.txt"
done
