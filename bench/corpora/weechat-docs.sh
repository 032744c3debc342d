#!/usr/bin/env bash
set -euo pipefail
# packages: weechat-doc
# (English guides only: weechat_*.en.html. The .cs/.de/.es/.fr/.it/.ja/.pl/.ru/.sr translations, changelog.gz,
#  NEWS.Debian.gz and copyright are left out. The shared Sphinx page copier takes every language, so this
#  script keeps its own loop.)
C=${CORPORA:-/work/corpora}/weechat-docs
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc/weechat-doc/html
for f in "$D"/weechat_*.en.html; do cp -pL "$f" "$C/"; done
