#!/usr/bin/env bash
set -euo pipefail
# packages: nfs-common nfs-kernel-server libnfsidmap1 man-db bsdextrautils
C=${CORPORA:-/work/corpora}/nfs-manpages
rm -rf "$C"
mkdir -p "$C"
dpkg -L nfs-common nfs-kernel-server libnfsidmap1 | grep '^/usr/share/man/.*\.gz$' | sort -u | while read -r f; do
  [ -L "$f" ] && continue                      # rpc.gssd, rpc.idmapd, rpc.mountd, rpc.nfsd, rpc.sm-notify, rpc.statd, rpc.svcgssd
  name=$(basename "$f" .gz)                    # e.g. nfs.5, mount.nfs.8
  out="$C/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
