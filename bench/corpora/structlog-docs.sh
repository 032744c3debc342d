#!/usr/bin/env bash
set -euo pipefail
# packages: python-structlog-doc
# Debian 12 python-structlog-doc 22.3.0-2: the structlog 22.3 Sphinx (Furo) HTML documentation. Every HTML page
# (plain or gzip-compressed, as shipped) is copied as a real file, keeping subfolders; not copied: search.html,
# genindex.html, py-modindex.html, _static/, _sources/, _modules/, _images/, objects.inv, searchindex.js.
D=$(readlink -f /usr/share/doc/python-structlog-doc/html)
C=${CORPORA:-/work/corpora}/structlog-docs
rm -rf "$C" && mkdir -p "$C"
cd "$D"
find -L . \( -path ./_static -o -path ./_sources -o -path ./_modules -o -path ./_images \) -prune -o \
  -type f \( -name '*.html' -o -name '*.html.gz' \) -print | sort | while IFS= read -r f; do
  f=${f#./}
  case "$f" in search.html|genindex.html|py-modindex.html) continue ;; esac
  mkdir -p "$C/$(dirname "$f")"
  cp -L --preserve=mode,timestamps "$f" "$C/$f"
done
