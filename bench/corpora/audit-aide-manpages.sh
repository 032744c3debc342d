#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: auditd aide man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/audit-aide-manpages
rm -rf "$C"; mkdir -p "$C/auditd" "$C/aide"
# Manual pages: auditd.8.txt, auditctl.8.txt, audit.rules.7.txt, ... and aide.1.txt, aide.conf.5.txt
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C/auditd" auditd
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C/aide" aide
# Plain-text documents, decompressed (copyright files left out).
D=/usr/share/doc/auditd
gzip -dc "$D/README.gz" > "$C/auditd/README.txt"
cp "$D/README.Debian" "$C/auditd/README.Debian.txt"
gzip -dc "$D/NEWS.Debian.gz" > "$C/auditd/NEWS.Debian.txt"
gzip -dc "$D/changelog.gz" > "$C/auditd/changelog.txt"
gzip -dc "$D/changelog.Debian.gz" > "$C/auditd/changelog.Debian.txt"
cp "$D/examples/rules/README-rules" "$C/auditd/README-rules.txt"
D=/usr/share/doc/aide
gzip -dc "$D/NEWS.Debian.gz" > "$C/aide/NEWS.Debian.txt"
gzip -dc "$D/SECURITY.md.gz" > "$C/aide/SECURITY.md"
cp "$D/TODO.Debian" "$C/aide/TODO.Debian.txt"
gzip -dc "$D/changelog.gz" > "$C/aide/changelog.txt"
gzip -dc "$D/changelog.Debian.gz" > "$C/aide/changelog.Debian.txt"
