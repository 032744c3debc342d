#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: haskell98-report
# (The HTML edition of the Haskell 98 Revised Report (Jan 2003) as Debian ships it: the 33 pages of
#  haskell98-report-html/ (language report, Standard Prelude, the libraries, the syntax and the indexes) and the
#  three pages above them (index.html, haskell98-bugs.html, haskell98-revised-bugs.html). The GIF images and the
#  gzipped PostScript/PDF editions (report, FFI addendum, hierarchical modules) are left out.)
C=${CORPORA:-/work/corpora}/haskell98-report
rm -rf "$C"; mkdir -p "$C"
# Not Sphinx, but the shared copier fits: every *.html, subfolder kept, cp -pL.
copy_html_pages --recursive /usr/share/doc/haskell98-report/html "$C"   # index.html, haskell98-report-html/exps.html, ...
