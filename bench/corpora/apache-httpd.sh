#!/usr/bin/env bash
set -euo pipefail
# packages: apache2-doc
C=${CORPORA:-/work/corpora}/apache-httpd
rm -rf "$C"; mkdir -p "$C"
cp -rL /usr/share/doc/apache2-doc/manual/en/. "$C/"
