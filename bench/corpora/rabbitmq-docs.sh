#!/usr/bin/env bash
set -euo pipefail
# packages: rabbitmq-server man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/rabbitmq-docs
rm -rf "$C"
export LANG=C.UTF-8
mkdir -p "$C"
dpkg -L rabbitmq-server | grep '^/usr/share/man/.*\.gz$' | sort | while read -r f; do
  name=$(basename "$f" .gz)                       # rabbitmqctl.8, rabbitmq-env.conf.5, ...
  MANWIDTH=80 man -l "$f" 2>/dev/null | col -bx > "$C/$name.txt"
done
zcat /usr/share/doc/rabbitmq-server/README.Debian.gz > "$C/README.Debian.txt"
