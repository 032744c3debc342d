#!/usr/bin/env bash
set -euo pipefail
# packages: xmlstarlet jq man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/xmlstarlet-jq-docs
rm -rf "$C"; mkdir -p "$C/xmlstarlet" "$C/jq"
X=/usr/share/doc/xmlstarlet
J=/usr/share/doc/jq
# xmlstarlet: HTML user guide as shipped, the manual page rendered to text, README, TODO, NEWS
cp -p "$X/xmlstarlet-ug.html" "$C/xmlstarlet/xmlstarlet-ug.html"
LC_ALL=C MANWIDTH=80 man --nh -l -P cat /usr/share/man/man1/xmlstarlet.1.gz 2>/dev/null | col -bx > "$C/xmlstarlet/xmlstarlet.1.txt"
cp "$X/README" "$C/xmlstarlet/README.txt"
cp "$X/TODO" "$C/xmlstarlet/TODO.txt"
gzip -dc "$X/NEWS.gz" > "$C/xmlstarlet/NEWS.txt"
# jq: the manual page rendered to text, README (markdown), AUTHORS, upstream changelog
LC_ALL=C MANWIDTH=80 man --nh -l -P cat /usr/share/man/man1/jq.1.gz 2>/dev/null | col -bx > "$C/jq/jq.1.txt"
cp "$J/README" "$C/jq/README.md"
gzip -dc "$J/AUTHORS.gz" > "$C/jq/AUTHORS.txt"
gzip -dc "$J/changelog.gz" > "$C/jq/changelog.txt"
for f in "$C"/*/*; do [ -s "$f" ] || { echo "empty: $f" >&2; exit 1; }; done
