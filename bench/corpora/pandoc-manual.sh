#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: pandoc man-db groff-base bsdextrautils
# (Pandoc 2.17's one English manual page, pandoc.1, rendered to text, plus the two plain-text/Markdown documents
#  of /usr/share/doc/pandoc that hold text the page lacks: the project README (README.md.gz, unpacked; it adds
#  the installing, documentation, contributing and licence notes) and Debian's README.Debian (the packages that
#  optional features need), copied as README.Debian.txt so that it is read. The package ships no other pages and
#  no translations; changelog.gz (the ~950 KB upstream revision history), BUGS, TODO.Debian and copyright are
#  left out.)
C=${CORPORA:-/work/corpora}/pandoc-manual
rm -rf "$C"; mkdir -p "$C"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" pandoc   # pandoc.1.txt
gzip -dc /usr/share/doc/pandoc/README.md.gz > "$C/README.md"
cp /usr/share/doc/pandoc/README.Debian "$C/README.Debian.txt"
