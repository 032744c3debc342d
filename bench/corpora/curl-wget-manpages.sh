#!/usr/bin/env bash
set -euo pipefail
# packages: curl wget man-db bsdextrautils
C=${CORPORA:-/work/corpora}/curl-wget-manpages
rm -rf "$C"
mkdir -p "$C/curl" "$C/wget"
LC_ALL=C MANWIDTH=80 man --nh -l -P cat /usr/share/man/man1/curl.1.gz 2>/dev/null | col -bx > "$C/curl/curl.txt"
LC_ALL=C MANWIDTH=80 man --nh -l -P cat /usr/share/man/man1/wget.1.gz 2>/dev/null | col -bx > "$C/wget/wget.txt"
cp /usr/share/doc/wget/README "$C/wget/README.txt"
zcat /usr/share/doc/wget/NEWS.gz > "$C/wget/NEWS.txt"
