#!/usr/bin/env bash
set -euo pipefail
# packages: tcl8.6-doc man-db bsdextrautils
C=${CORPORA:-/work/corpora}/tcl-manpages
rm -rf "$C"
mkdir -p "$C/n" "$C/3"
dpkg -L tcl8.6-doc | grep '^/usr/share/man/.*\.gz$' | sort | while read -r f; do
  [ -L "$f" ] && continue                      # alias links (591) repeat a real page
  name=$(basename "$f" .3tcl.gz)
  case "$(zcat "$f" | grep -m1 '^\.TH')" in
    *"Library Procedures"*|*"Library Functions"*) sec=3 ;;   # C API
    *) sec=n ;;                                               # commands, packages, TclOO, mathfunc
  esac
  out="$C/$sec/$name.txt"
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
  [ -s "$out" ] || rm -f "$out"
done
