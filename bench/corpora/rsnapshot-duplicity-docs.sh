#!/usr/bin/env bash
set -euo pipefail
# packages: rsnapshot duplicity man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/rsnapshot-duplicity-docs
rm -rf "$C"
D=/usr/share/doc
mkdir -p "$C/rsnapshot" "$C/duplicity"
for m in rsnapshot rsnapshot-diff; do
  LC_ALL=C MANWIDTH=80 man --nh --nj -P cat -l /usr/share/man/man1/$m.1.gz 2>/dev/null | col -bx > "$C/rsnapshot/$m.1.txt"
done
for m in duplicity rdiffdir; do
  LC_ALL=C MANWIDTH=80 man --nh --nj -P cat -l /usr/share/man/man1/$m.1.gz 2>/dev/null | col -bx > "$C/duplicity/$m.1.txt"
done
cp  $D/rsnapshot/examples/rsnapshot.conf.default "$C/rsnapshot/rsnapshot.conf.default.txt"   # identical to /etc/rsnapshot.conf
zcat $D/rsnapshot/README.md.gz        > "$C/rsnapshot/README.md"
cp  $D/rsnapshot/README.Debian          "$C/rsnapshot/README.Debian.txt"
zcat $D/rsnapshot/NEWS.Debian.gz      > "$C/rsnapshot/NEWS.Debian.txt"
zcat $D/rsnapshot/Upgrading_from_1.1.gz > "$C/rsnapshot/Upgrading_from_1.1.txt"
cp  $D/rsnapshot/html/rsnapshot-HOWTO.en.html "$C/rsnapshot/"
cp  $D/rsnapshot/examples/utils/README  "$C/rsnapshot/utils-README.txt"
cp  $D/duplicity/README-LOG.md          "$C/duplicity/"
zcat $D/duplicity/NEWS.Debian.gz      > "$C/duplicity/NEWS.Debian.txt"
cp  $D/duplicity/requirements.txt       "$C/duplicity/"
# expect: 14 files, 248958 bytes
