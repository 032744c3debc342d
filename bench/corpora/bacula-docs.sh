#!/usr/bin/env bash
set -euo pipefail
# packages: bacula-doc
C=${CORPORA:-/work/corpora}/bacula-docs
rm -rf "$C"
mkdir -p "$C"
cd "$C"
for m in main console problems; do
  mkdir -p "$m" && cp /usr/share/doc/bacula-doc/html/"$m"/*.html "$m"/
done
