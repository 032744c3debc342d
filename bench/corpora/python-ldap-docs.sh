#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: python-ldap-doc
D=/usr/share/doc/python-ldap-doc
C=${CORPORA:-/work/corpora}/python-ldap-docs
rm -rf "$C" && mkdir -p "$C"
copy_html_pages --recursive "$D/html" "$C"
gzip -dc "$D/README.gz" > "$C/README.txt"
gzip -dc "$D/changelog.gz" > "$C/changelog.txt"
gzip -dc "$D/changelog.Debian.gz" > "$C/changelog.Debian.txt"
cp -p "$D/TODO" "$C/TODO.txt"
