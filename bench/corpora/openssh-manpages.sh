#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: openssh-client openssh-server openssh-sftp-server man-db bsdextrautils
C=${CORPORA:-/work/corpora}/openssh-manpages
rm -rf "$C"
mkdir -p "$C"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" \
  openssh-client openssh-server openssh-sftp-server   # e.g. ssh_config.5.txt
