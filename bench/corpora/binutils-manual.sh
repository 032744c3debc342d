#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/info.sh"
# packages: binutils-doc info bsdextrautils
# (binutils-doc installs no HTML, only info manuals, so each is rendered to plain text. Its doc folder holds
#  only changelog.Debian.gz, copyright and symlinks to the binutils package's ChangeLog folders: not copied.)
C=${CORPORA:-/work/corpora}/binutils-manual
rm -rf "$C"; mkdir -p "$C"
for m in as binutils ld gprof gprofng ctf-spec sframe-spec; do
  render_info_manual "/usr/share/info/$m.info.gz" "$C/$m.info.txt"
done
