#!/usr/bin/env bash
set -euo pipefail
# packages: lilypond-doc-pdf
# (Five English PDF manuals of LilyPond 2.24.1 only: the Learning Manual learning.pdf, Usage usage.pdf, the Essay
#  on automated music engraving essay.pdf, Changes changes.pdf (what is new in 2.24) and the Music Glossary
#  music-glossary.pdf. Left out: the Notation Reference notation.pdf (about 29 MB on its own), snippets.pdf,
#  internals.pdf, contributor.pdf, extending.pdf, web.pdf, the ly-examples/ and pictures/ PDFs, copyright and
#  the changelog.)
C=${CORPORA:-/work/corpora}/lilypond-pdfs
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc/lilypond/html/Documentation
cp -pL "$D/learning.pdf" "$D/usage.pdf" "$D/essay.pdf" "$D/changes.pdf" "$D/music-glossary.pdf" "$C/"
