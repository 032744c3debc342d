#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: crmsh-doc
# (The crmsh website as shipped in /usr/share/doc/crmsh-doc/html: every HTML page, kept in its folder (the
#  guides, FAQ, the man, man-1.2, man-2.0, man-3 and man-4.3 command references, the release news, 404.html).
#  Not copied: img/, fonts/, css/, the atom.xml.gz feed, changelog.gz, changelog.Debian.gz and copyright. The
#  package ships no translations; news/2015-05-25-getting-started-jp is an English note that links to one.)
C=${CORPORA:-/work/corpora}/crmsh-docs
rm -rf "$C"; mkdir -p "$C"
copy_html_pages --recursive /usr/share/doc/crmsh-doc/html "$C"   # index.html, faq/index.html, man/index.html, ...
