#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: debhelper man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/debhelper-manpages
rm -rf "$C"; mkdir -p "$C"
# English pages only (the package also ships de/es/fr/ja/pt translations under the same names).
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" debhelper   # debhelper.7.txt, dh.1.txt, dh_install.1.txt, ...
D=/usr/share/doc/debhelper
cp "$D/README" "$C/README.txt"
cp "$D/SUPPORT-POLICY" "$C/SUPPORT-POLICY.txt"
cp "$D/TODO" "$C/TODO.txt"
gzip -dc "$D/PROGRAMMING.md.gz" > "$C/PROGRAMMING.md"
gzip -dc "$D/changelog.gz" > "$C/changelog.txt"
mkdir -p "$C/examples"
cp "$D/examples/rules.tiny" "$C/examples/rules.tiny.txt"
