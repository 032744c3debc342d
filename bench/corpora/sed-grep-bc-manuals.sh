#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/info.sh"
# packages: sed grep bc info bsdextrautils
C=${CORPORA:-/work/corpora}/sed-grep-bc-manuals
rm -rf "$C"; mkdir -p "$C"
for m in sed grep bc; do
  render_info_manual --locale C.UTF-8 "/usr/share/info/$m.info.gz" "$C/$m.info.txt"
done
