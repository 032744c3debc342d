#!/usr/bin/env bash
set -euo pipefail
# packages: docutils-doc
C=${CORPORA:-/work/corpora}/docutils-rst
rm -rf "$C"; mkdir -p "$C"
# every .txt file under /usr/share/doc/docutils-doc, folder structure kept, renamed to .rst
cd /usr/share/doc/docutils-doc
find . -name '*.txt' | sort | while read -r f; do
  mkdir -p "$C/$(dirname "$f")"
  cp "$f" "$C/${f%.txt}.rst"
done
