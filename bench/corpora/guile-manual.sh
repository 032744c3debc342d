#!/usr/bin/env bash
set -euo pipefail
# packages: guile-3.0-doc info bsdextrautils
# (guile-3.0-doc installs the Guile Reference Manual only as an info manual, so it is rendered to plain text:
#  one file per chapter, and one per section for the two largest chapters, "API Reference" and "Guile Modules".
#  Left out: the GNU Free Documentation License appendix, the five indices (lists of pointers to nodes),
#  copyright, changelog.gz (a note that change logs moved to git) and changelog.Debian.gz.)
C=${CORPORA:-/work/corpora}/guile-manual
rm -rf "$C"; mkdir -p "$C"
M=/usr/share/info/guile-3.0/guile.info.gz
node() {   # node NAME OUT [--subnodes]: render info node NAME (with its subnodes if asked) to OUT
  LC_ALL=C info ${3:-} -f "$M" -n "$1" -o - 2>/dev/null | col -bx > "$2"
  [ -s "$2" ]
}
slug() { printf '%s' "$1" | tr 'A-Z' 'a-z' | sed -E 's/[^a-z0-9]+/-/g; s/^-+//; s/-+$//'; }
menu() {   # the node names in the menu of node NAME
  LC_ALL=C info -f "$M" -n "$1" -o - 2>/dev/null | sed -n '/^\* Menu:/,$p' | sed -n -E 's/^\* ([^:]+)::.*/\1/p'
}
for n in Preface Introduction "Hello Guile!" "Hello Scheme!" "Programming in Scheme" "Programming in C" GOOPS \
         "Guile Implementation"; do
  node "$n" "$C/$(slug "$n").txt" --subnodes      # preface.txt, hello-guile.txt, goops.txt, ...
done
for chapter in "API Reference" "Guile Modules"; do
  d="$C/$(slug "$chapter")"
  mkdir -p "$d"
  node "$chapter" "$d/index.txt"                  # the chapter's own node: its introduction and menu
  menu "$chapter" | while IFS= read -r n; do
    node "$n" "$d/$(slug "$n").txt" --subnodes    # api-reference/data-types.txt, guile-modules/srfi-support.txt
  done
done
D=/usr/share/doc/guile-3.0-doc
gzip -dc "$D/NEWS.gz" > "$C/NEWS.txt"
cp "$D/README.Debian" "$C/README.Debian.txt"
