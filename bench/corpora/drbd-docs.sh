#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: drbd-doc drbd-utils man-db groff-base bsdextrautils
# (drbd-doc ships the DRBD 8.4 User's Guide as drbd-users-guide.pdf.gz, unzipped here, and the same guide as
#  HTML, users-guide/, which is not copied. drbd-utils ships English manual pages for three DRBD generations
#  (drbd.conf-8.3.5, drbdadm-8.4.8, drbdsetup-9.0.8, ...) and the systemd/OCF pages of section 7; the
#  unversioned names (drbd.conf.5, drbdadm.8, drbdsetup.8, drbdmeta.8, drbddisk.8, drbd.8 -> the 8.4 pages,
#  drbdmon.8 -> the 9.0 page) are symlinks and are skipped, and the Japanese pages (/usr/share/man/ja) are left
#  out. Not copied: README.Debian, NEWS.Debian, the changelogs, examples/drbd.conf.example and copyright.)
C=${CORPORA:-/work/corpora}/drbd-docs
rm -rf "$C"; mkdir -p "$C"
gzip -dc /usr/share/doc/drbd-doc/drbd-users-guide.pdf.gz > "$C/drbd-users-guide.pdf"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C/man" drbd-utils   # drbd.conf-8.4.5.txt, ...
# expect: 30 files (1 PDF + 29 manual pages), 2857324 bytes of files (find "$C" -type f | xargs cat | wc -c)
