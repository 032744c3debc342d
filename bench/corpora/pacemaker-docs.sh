#!/usr/bin/env bash
set -euo pipefail
# packages: pacemaker-doc
C=${CORPORA:-/work/corpora}/pacemaker-docs
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc/pacemaker
for b in Clusters_from_Scratch Pacemaker_Administration Pacemaker_Development Pacemaker_Explained Pacemaker_Remote; do
  cp "$D/$b/singlehtml/index.html" "$C/$b.html"
done
cp "$D/crm_fencing.html" "$D/crm_fencing.txt.gz" "$C/"
