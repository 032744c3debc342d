#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: mariadb-server mariadb-client man-db bsdextrautils
C=${CORPORA:-/work/corpora}/mariadb-manpages
rm -rf "$C"
mkdir -p "$C/man"
render_man_pages --grep '^/usr/share/man/man[18]/.*\.gz$' "$C/man" \
  mariadb-server mariadb-server-core mariadb-client mariadb-client-core   # e.g. mysqldump.1.txt
