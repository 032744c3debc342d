#!/usr/bin/env bash
set -euo pipefail
# packages: ffmpeg-doc
C=${CORPORA:-/work/corpora}/ffmpeg-docs
rm -rf "$C"; mkdir -p "$C"
cp /usr/share/doc/ffmpeg/manual/*.html "$C/"
