#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: sssd-common libpam-sss libsss-certmap0 sssd-krb5-common sssd-ldap sssd-krb5 sssd-ad sssd-ad-common sssd-tools man-db bsdextrautils
C=${CORPORA:-/work/corpora}/sssd-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages --by-section --grep '^/usr/share/man/man[58]/.*\.gz$' "$C" \
  sssd-common libpam-sss libsss-certmap0 sssd-krb5-common sssd-ldap sssd-krb5 sssd-ad sssd-ad-common sssd-tools
