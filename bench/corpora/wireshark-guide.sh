#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: wireshark-doc
# (The Wireshark User's Guide as DocBook HTML, one page per chapter or section as shipped in
#  /usr/share/doc/wireshark/wsug_html_chunked: the pages only, not images/ or ws.css. The Developer's Guide,
#  wsdg_html_chunked, is left out, and so are the package's changelog.gz, changelog.Debian.gz and copyright.
#  The package ships no translations.)
C=${CORPORA:-/work/corpora}/wireshark-guide
rm -rf "$C"; mkdir -p "$C"
copy_html_pages /usr/share/doc/wireshark/wsug_html_chunked "$C"   # index.html, ChapterCapture.html, ...
