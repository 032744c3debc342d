#!/usr/bin/env bash
set -euo pipefail
# packages: linux-doc-6.1
# No README: docs/evaluation.md runs this suite on /usr/share/doc/linux-doc-6.1/Documentation/admin-guide in
# place; this copies that folder unchanged so the suite has a root under the corpora folder too.
C=${CORPORA:-/work/corpora}/kernel-admin-guide
rm -rf "$C"; mkdir -p "$C"
cp -r /usr/share/doc/linux-doc-6.1/Documentation/admin-guide/. "$C/"
