#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: gnucash-docs
# (The English GnuCash 4.13 documentation as DocBook HTML, one page per chapter or section: the Tutorial and
#  Concepts Guide from /usr/share/doc/gnucash-docs/gnucash-guide-en into guide/, and the Help manual from
#  /usr/share/doc/gnucash-docs/gnucash-help-en into help/. The pages only: not figures/ or stylesheet/ (images),
#  not the PDFs, not the de, it, ja and pt translations, not NEWS.gz, README.gz, AUTHORS, the changelogs or
#  copyright.)
C=${CORPORA:-/work/corpora}/gnucash-guide
rm -rf "$C"; mkdir -p "$C"
copy_html_pages /usr/share/doc/gnucash-docs/gnucash-guide-en "$C/guide"   # guide/index.html, guide/ch_basics.html, ...
copy_html_pages /usr/share/doc/gnucash-docs/gnucash-help-en "$C/help"     # help/index.html, help/gnc-gloss.html, ...
