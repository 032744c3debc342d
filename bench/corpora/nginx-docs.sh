#!/usr/bin/env bash
set -euo pipefail
# packages: nginx-doc
C=${CORPORA:-/work/corpora}/nginx-docs
rm -rf "$C"; mkdir -p "$C"
mkdir -p "$C/nginx/examples" "$C/nginx-doc"
cd /usr/share/doc/nginx
for f in README fcgiwrap php support-irc upstream examples/drupal examples/http examples/mail \
         examples/mailman examples/nginx.conf examples/nginx_modsite examples/virtual_hosts \
         examples/wordpress; do cp "$f" "$C/nginx/$f.txt"; done
cp /usr/share/doc/nginx-doc/copyright "$C/nginx-doc/copyright.txt"
zcat /usr/share/doc/nginx-doc/changelog.gz > "$C/nginx-doc/changelog.txt"
zcat /usr/share/doc/nginx-doc/changelog.Debian.gz > "$C/nginx-doc/changelog.Debian.txt"
