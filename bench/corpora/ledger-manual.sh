#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
. "$(dirname "${BASH_SOURCE[0]}")/lib/info.sh"
# packages: ledger info bsdextrautils man-db groff-base
# (ledger ships its manual as info, HTML (ledger3.html) and PDF; the info manual is rendered to plain text in
#  C.UTF-8, which keeps its euro and pound signs (LC_ALL=C prints them as ???), and the manual page ledger(1) with
#  render_man_pages. Not copied: ledger3.html, ledger3.pdf and ledger.1.html (the same texts again),
#  examples/sample.dat, copyright and changelog.Debian.gz.)
C=${CORPORA:-/work/corpora}/ledger-manual
rm -rf "$C"; mkdir -p "$C"
render_info_manual --locale C.UTF-8 /usr/share/info/ledger3.info.gz "$C/ledger3.info.txt"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" ledger   # ledger.1.txt
