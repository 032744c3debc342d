#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: memcached man-db groff-base bsdextrautils
# (memcached ships one manual page, memcached.1, and its documents in /usr/share/doc/memcached. Not copied:
#  copyright and changelog.Debian.gz. NEWS.gz holds only the project's web address.)
C=${CORPORA:-/work/corpora}/memcached-docs
rm -rf "$C"; mkdir -p "$C"
render_man_pages "$C" memcached   # memcached.1.txt
D=/usr/share/doc/memcached
for f in protocol storage tls; do
  gzip -dc "$D/$f.txt.gz" > "$C/$f.txt"
done
for f in new_lru napi_ids threads readme; do
  cp "$D/$f.txt" "$C/$f.txt"
done
cp "$D/README.md" "$C/README.md"
cp "$D/README.Debian" "$C/README.Debian.txt"
cp "$D/README.damemtop" "$C/README.damemtop.txt"
gzip -dc "$D/NEWS.gz" > "$C/NEWS.txt"
gzip -dc "$D/NEWS.Debian.gz" > "$C/NEWS.Debian.txt"
gzip -dc "$D/changelog.gz" > "$C/ChangeLog.txt"
