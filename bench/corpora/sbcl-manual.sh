#!/usr/bin/env bash
set -euo pipefail
# packages: sbcl-doc
# (sbcl-doc ships the SBCL 2.2.9 User Manual and the SBCL Internals manual as gzipped PDFs; both are unzipped.
#  Not copied: sbcl.html, sbcl-internals/*.html and the info files (the same manuals again), NEWS.Debian.gz,
#  changelog.Debian.gz and copyright.)
C=${CORPORA:-/work/corpora}/sbcl-manual
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc/sbcl
gzip -dc "$D/sbcl.pdf.gz" > "$C/sbcl.pdf"
gzip -dc "$D/sbcl-internals.pdf.gz" > "$C/sbcl-internals.pdf"
