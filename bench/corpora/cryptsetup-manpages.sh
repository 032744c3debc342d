#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: cryptsetup-bin cryptsetup man-db bsdextrautils
C=${CORPORA:-/work/corpora}/cryptsetup-manpages
rm -rf "$C"
mkdir -p "$C/man" "$C/doc"
render_man_pages "$C/man" cryptsetup-bin cryptsetup   # e.g. cryptsetup-open.8.txt
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
