#!/usr/bin/env bash
set -euo pipefail
# packages: python-pint-doc
D=/usr/share/doc/python-pint-doc
C=${CORPORA:-/work/corpora}/pint-docs
rm -rf "$C" && mkdir -p "$C"
H=$(readlink -f "$D/html")
cd "$H"
# Every HTML page (keeping subfolders), except Sphinx's search/index pages and its _static/_sources/_modules trees.
find . -type d \( -name _static -o -name _sources -o -name _modules \) -prune -o \
  \( -name '*.html' -print \) | sort | while read -r f; do
  case "${f#./}" in search.html|genindex.html|py-modindex.html) continue ;; esac
  mkdir -p "$C/$(dirname "$f")"
  cp -pL "$f" "$C/$f"
done
