#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: fish-common
# (fish-common ships the fish 3.6.0 manual as Sphinx HTML in /usr/share/doc/fish: the top-level pages and one
#  page per builtin or function in cmds/. It is English only (no translated pages). Left out: search.html,
#  genindex.html, _static/, objects.inv, searchindex.js, and the Debian changelog and copyright files.)
C=${CORPORA:-/work/corpora}/fish-shell-docs
rm -rf "$C"; mkdir -p "$C"
copy_html_pages --recursive /usr/share/doc/fish "$C"   # index.html, language.html, ..., cmds/abbr.html, ...
# expect: 130 files (11 top-level pages, 119 in cmds/), 3167932 bytes   (find "$C" -type f | xargs cat | wc -c)
