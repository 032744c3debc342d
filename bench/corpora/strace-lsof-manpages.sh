#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: strace lsof man-db groff-base bsdextrautils gzip
C=${CORPORA:-/work/corpora}/strace-lsof-manpages
rm -rf "$C"; mkdir -p "$C"
# Manual pages, rendered to plain text: strace.1.txt, strace-log-merge.1.txt, lsof.8.txt
render_man_pages --grep '^/usr/share/man/man[0-9]/[^/]+\.gz$' "$C" strace lsof
# Plain-text documentation under /usr/share/doc/<pkg>, decompressed, with a .txt suffix so that it is read.
# Not copied: scripts (strace's examples/strace-graph, lsof's examples/*.pl and *.awk).
copy_doc() {  # copy_doc SRC DEST-relative
  local src=$1 dest="$C/$2"
  mkdir -p "$(dirname "$dest")"
  case "$src" in
    *.gz) gzip -dc "$src" > "$dest" ;;
    *) cp "$src" "$dest" ;;
  esac
}
S=/usr/share/doc/strace
copy_doc "$S/NEWS.gz"              strace/NEWS.txt
copy_doc "$S/changelog.gz"         strace/changelog.txt
copy_doc "$S/changelog.Debian.gz"  strace/changelog.Debian.txt
copy_doc "$S/copyright"            strace/copyright.txt
L=/usr/share/doc/lsof
copy_doc "$L/00FAQ.gz"             lsof/00FAQ.txt
copy_doc "$L/00QUICKSTART.gz"      lsof/00QUICKSTART.txt
copy_doc "$L/00LSOF-L"             lsof/00LSOF-L.txt
copy_doc "$L/README.Debian"        lsof/README.Debian.txt
copy_doc "$L/changelog.gz"         lsof/changelog.txt
copy_doc "$L/changelog.Debian.gz"  lsof/changelog.Debian.txt
copy_doc "$L/copyright"            lsof/copyright.txt
copy_doc "$L/examples/00MANIFEST"  lsof/examples/00MANIFEST.txt
copy_doc "$L/examples/00README"    lsof/examples/00README.txt
