#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: pdns-server pdns-tools man-db bsdextrautils
C=${CORPORA:-/work/corpora}/pdns-manpages
rm -rf "$C"
mkdir -p "$C/man" "$C/doc"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C/man" pdns-server pdns-tools
cp /etc/powerdns/pdns.conf "$C/doc/pdns.conf.txt"
cp /usr/share/doc/pdns-server/README.Debian "$C/doc/README.Debian.txt"
zcat /usr/share/doc/pdns-server/NEWS.Debian.gz > "$C/doc/NEWS.Debian.txt"
zcat /usr/share/doc/pdns-server/changelog.Debian.gz > "$C/doc/changelog.Debian.txt"
chmod -R a+rX "$C"
