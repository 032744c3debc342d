#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: harden-doc
# (The Securing Debian Manual as Publican HTML, English only: the de-DE, es-ES, fr-FR, it-IT, ja-JP, pt-BR and
#  zh-CN translations are left out, and so are Common_Content/ (CSS and icons), images/icon.svg, the package's
#  changelog.gz (Debian packaging history) and copyright. changelog.html.gz is section 1.2 of the manual, "Where
#  to get the manual", shipped compressed; it is copied as it is.)
C=${CORPORA:-/work/corpora}/harden-doc
rm -rf "$C"; mkdir -p "$C"
copy_html_pages --gz /usr/share/doc/harden-doc/html/en-US "$C"   # index.html, intro.html, ch01s03.html, ...
