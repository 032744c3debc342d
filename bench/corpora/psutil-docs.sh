#!/usr/bin/env bash
set -euo pipefail
# packages: python-psutil-doc
D=/usr/share/doc/python-psutil-doc
C=${CORPORA:-/work/corpora}/psutil-docs
rm -rf "$C" && mkdir -p "$C/examples/internal"
cd "$D/html"
for f in *.html; do
  case "$f" in search.html|genindex.html|py-modindex.html) ;; *) cp -p "$f" "$C/" ;; esac
done
gzip -dc "$D/README.rst.gz" > "$C/README.rst"
gzip -dc "$D/changelog.gz" > "$C/changelog.txt"
gzip -dc "$D/changelog.Debian.gz" > "$C/changelog.Debian.txt"
cp -p "$D/examples/internal/README" "$C/examples/internal/README.txt"
