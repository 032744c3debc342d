#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: aspell aspell-doc man-db groff-base bsdextrautils
# (aspell-doc ships both manuals as texinfo HTML, so the info copies are not rendered. precat.1 and preunzip.1
#  are symlinks to prezip.1 and are skipped. Not copied: the aspell-doc copies of NEWS.Debian.gz, changelog.gz
#  and changelog.Debian.gz, byte-identical to the aspell package's; changelog.gz, a text dump of the manual's
#  ChangeLog.html; changelog.Debian*.gz, copyright files and the aspell.mo translations.)
C=${CORPORA:-/work/corpora}/aspell-manual
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc/aspell-doc
copy_html_pages "$D/aspell.html" "$C/aspell"           # the user's manual: index.html, Basic-Usage.html, ...
copy_html_pages "$D/aspell-dev.html" "$C/aspell-dev"   # the Aspell developer's manual
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C/man" aspell   # aspell.1.txt, prezip.1.txt, ...
A=/usr/share/doc/aspell
gzip -dc "$A/README.gz" > "$C/aspell-README.txt"
gzip -dc "$A/NEWS.Debian.gz" > "$C/aspell-NEWS.Debian.txt"
cp "$A/README.Debian" "$C/aspell-README.Debian.txt"
