#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: tar gzip xz-utils zstd bzip2 man-db groff-base bsdextrautils
# (English pages only: xz-utils also ships da, de, fr, ko, pt_BR, ro and uk translations. zstd ships unzstd.1,
#  zstdcat.1 and zstdmt.1 as byte-identical copies of zstd.1, not links, so only zstd.1 is rendered. gunzip,
#  zcat, unxz, xzcat, bunzip2, bzcat, ... are alias links and are skipped by render_man_pages.)
C=${CORPORA:-/work/corpora}/tar-compress-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" tar gzip xz-utils bzip2
render_man_pages --grep '^/usr/share/man/man1/(zstd|pzstd|zstdgrep|zstdless)\.1\.gz$' "$C" zstd
gzip -dc /usr/share/doc/tar/NEWS.gz > "$C/tar-NEWS.txt"
