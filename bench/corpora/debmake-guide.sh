#!/usr/bin/env bash
set -euo pipefail
# packages: debmake-doc
# (The English "Guide for Debian Maintainers" in every format debmake-doc ships it in, in one folder as a user
#  keeps it: the EPUB, the PDF, the plain text (debmake-doc.en.txt.gz, unpacked) and the English HTML pages
#  (index, preface, chapters 1-8, appendix). Not copied: the de, ja, ru, zh-cn and zh-tw editions, html/images/,
#  html/debian.css, html/.htaccess, changelog.Debian.gz and copyright. copy_html_pages is not used: it would
#  copy every language's pages.)
C=${CORPORA:-/work/corpora}/debmake-guide
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc/debmake-doc
cp -p "$D/debmake-doc.en.epub" "$D/debmake-doc.en.pdf" "$C/"
gunzip -c "$D/debmake-doc.en.txt.gz" > "$C/debmake-doc.en.txt"
touch -r "$D/debmake-doc.en.txt.gz" "$C/debmake-doc.en.txt"
cp -p "$D"/html/*.en.html "$C/"
