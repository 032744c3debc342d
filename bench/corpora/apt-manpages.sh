#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: apt apt-utils apt-doc man-db groff-base bsdextrautils
# (English pages only: the de/es/fr/it/ja/nl/pl/pt translations of the pages and guides are left out, and so are
#  the guide.*.text.gz copies, which repeat the HTML guides as plain text in a suffix Carrel does not read.)
C=${CORPORA:-/work/corpora}/apt-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C/man" apt apt-utils   # apt-get.8.txt, ...
D=/usr/share/doc/apt-doc
copy_html_pages "$D/guide.html" "$C/guide"       # the APT User's Guide: index.html, ch1.html ... ch4.html
copy_html_pages "$D/offline.html" "$C/offline"   # Using APT Offline: index.html, ch1.html ... ch3.html
mkdir -p "$C/doc"
for f in $(dpkg -L apt-doc | grep -E '^/usr/share/doc/apt/[^/]+\.md(\.gz)?$' | sort); do
  n=$(basename "$f" .gz)
  case "$f" in
    *.gz) gzip -dc "$f" > "$C/doc/$n" ;;
    *) cp "$f" "$C/doc/$n" ;;
  esac
done
