#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: quota man-db bsdextrautils
C=${CORPORA:-/work/corpora}/quota-manpages
rm -rf "$C"; mkdir -p "$C"
mkdir -p "$C/man" "$C/doc"
render_man_pages "$C/man" quota   # e.g. quotaon.8.txt
for r in README.Debian README.ldap-support README.mailserver; do
  cp /usr/share/doc/quota/$r "$C/doc/$r.txt"
done
