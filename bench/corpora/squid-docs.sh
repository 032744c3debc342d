#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: squid squid-common man-db bsdextrautils
C=${CORPORA:-/work/corpora}/squid-docs
rm -rf "$C"
S=/usr/share/doc/squid; D=/usr/share/doc/squid-common
mkdir -p "$C"
render_man_pages "$C" squid   # squid.8.txt, basic_ldap_auth.8.txt, ...
zcat "$D/squid.conf.documented.gz" > "$C/squid.conf.documented.txt"
cp "$D/README" "$C/README.txt"
cp "$D/QUICKSTART" "$C/QUICKSTART.txt"
cp "$D/RELEASENOTES.html" "$C/RELEASENOTES.html"
cp "$S/README.Debian" "$C/README.Debian.txt"
zcat "$S/NEWS.Debian.gz" > "$C/NEWS.Debian.txt"
zcat "$S/changelog.gz" > "$C/changelog.txt"
zcat "$S/changelog.Debian.gz" > "$C/changelog.Debian.txt"
zcat "$D/CONTRIBUTORS.gz" > "$C/CONTRIBUTORS.txt"
zcat "$D/SPONSORS.gz" > "$C/SPONSORS.txt"
