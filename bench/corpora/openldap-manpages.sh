#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: slapd ldap-utils man-db bsdextrautils
C=${CORPORA:-/work/corpora}/openldap-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages --by-section --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" \
  slapd ldap-utils   # e.g. man5/slapd.conf.5.txt
