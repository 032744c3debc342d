#!/usr/bin/env bash
set -euo pipefail
# packages: nagios4-common
C=${CORPORA:-/work/corpora}/nagios4-docs
rm -rf "$C"; mkdir -p "$C"
mkdir -p "$C/etc/objects" "$C/doc/examples/template-object"
for f in /etc/nagios4/*.cfg; do cp "$f" "$C/etc/$(basename "$f").txt"; done
for f in /etc/nagios4/objects/*.cfg; do cp "$f" "$C/etc/objects/$(basename "$f").txt"; done
cp /etc/default/nagios4 "$C/etc/default-nagios4.txt"
D=/usr/share/doc/nagios4-common
cp "$D/README.md" "$C/doc/README.md"
cp "$D/UPGRADING" "$C/doc/UPGRADING.txt"
zcat "$D/README.Debian.gz"   > "$C/doc/README.Debian.txt"
zcat "$D/changelog.gz"       > "$C/doc/changelog.txt"
zcat "$D/changelog.Debian.gz" > "$C/doc/changelog.Debian.txt"
cp "$D/examples/README" "$C/doc/examples/README.txt"
zcat "$D/examples/cgi.cfg.gz"  > "$C/doc/examples/cgi.cfg.txt"
zcat "$D/examples/mrtg.cfg.gz" > "$C/doc/examples/mrtg.cfg.txt"
cp "$D/examples/template-object/README" "$C/doc/examples/template-object/README.txt"
