#!/usr/bin/env bash
set -euo pipefail
# packages: cryptsetup-bin cryptsetup man-db bsdextrautils
C=${CORPORA:-/work/corpora}/cryptsetup-manpages
rm -rf "$C"
mkdir -p "$C/man" "$C/doc"
dpkg -L cryptsetup-bin cryptsetup | grep '^/usr/share/man/.*\.gz$' | sort -u | while read -r f; do
  [ -L "$f" ] && continue                       # alias links repeat cryptsetup-open / cryptsetup-erase
  b=$(basename "$f" .gz); name=${b%.*}; sec=${b##*.}
  out="$C/man/$name.$sec.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
D=/usr/share/doc/cryptsetup
zcat $D/FAQ.md.gz > "$C/doc/FAQ.md"
zcat $D/README.md.gz > "$C/doc/README.md"
zcat $D/README.Debian.gz > "$C/doc/README.Debian.txt"
zcat $D/NEWS.Debian.gz > "$C/doc/NEWS.Debian.txt"
zcat /usr/share/doc/cryptsetup-bin/NEWS.Debian.gz > "$C/doc/NEWS.Debian.cryptsetup-bin.txt"
for n in README.debug README.gnupg README.gnupg-sc README.keyctl; do cp $D/$n "$C/doc/$n.txt"; done
zcat $D/README.opensc.gz > "$C/doc/README.opensc.txt"
cp $D/Keyring.txt $D/LUKS2-locking.txt "$C/doc/"
zcat $D/v2.6.0-ReleaseNotes.gz > "$C/doc/v2.6.0-ReleaseNotes.txt"
cp $D/v2.6.1-ReleaseNotes "$C/doc/v2.6.1-ReleaseNotes.txt"
