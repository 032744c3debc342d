#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: kitty-doc
# (kitty-doc ships the kitty 0.26.5 manual as Sphinx (Furo theme) HTML in /usr/share/doc/kitty/html: the
#  top-level pages, the kittens in kittens/ and three generated command references in generated/. Left out:
#  search.html, genindex.html, _static/, _sources/, _images/, _downloads/ (sample kitty.conf and diff.conf),
#  objects.inv and searchindex.js.)
C=${CORPORA:-/work/corpora}/kitty-docs
rm -rf "$C"; mkdir -p "$C"
copy_html_pages --recursive /usr/share/doc/kitty/html "$C"   # conf.html, faq.html, ..., kittens/themes.html, ...
# expect: 50 files (33 top-level pages, 14 in kittens/, 3 in generated/), 7359020 bytes   (find "$C" -type f | xargs cat | wc -c)
