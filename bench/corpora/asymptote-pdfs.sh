#!/usr/bin/env bash
set -euo pipefail
# packages: asymptote-doc
# (The five PDF documents of Asymptote 2.85 only: the manual asymptote.pdf, asy-latex.pdf (the asymptote LaTeX
#  package), CAD.pdf (the CAD module), asyRefCard.pdf (the reference card) and TeXShopAndAsymptote.pdf. Left out:
#  the HTML manual html/, the FAQ (faq/, asy-faq.ascii.gz, asy-faq.info.gz), the info manual, examples/, the
#  symlinks to the same PDFs under /usr/share/texmf/doc/support/asymptote, copyright and the changelogs.)
C=${CORPORA:-/work/corpora}/asymptote-pdfs
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc/asymptote
cp -pL "$D/asymptote.pdf" "$D/asy-latex.pdf" "$D/CAD.pdf" "$D/asyRefCard.pdf" "$D/TeXShopAndAsymptote.pdf" "$C/"
