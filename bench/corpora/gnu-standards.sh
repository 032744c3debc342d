#!/usr/bin/env bash
set -euo pipefail
# packages: gnu-standards
C=${CORPORA:-/work/corpora}/gnu-standards
rm -rf "$C"; mkdir -p "$C"
for f in standards maintain; do zcat /usr/share/doc/gnu-standards/$f.pdf.gz > "$C/$f.pdf"; done
