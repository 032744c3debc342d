#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/info.sh"
# packages: gnutls-doc info bsdextrautils
# (The GnuTLS manual is rendered whole with render_info_manual and split into one file per Info node, named after
#  the node: top.txt, priority-strings.txt, certtool-invocation.txt, ... Left out: the thirteen nodes under
#  "API reference" (Core TLS API, X509 certificate API, ...: function signature listings, 922 kB, more than the
#  rest of the manual together) and that chapter's menu node, the GNU Free Documentation License ("Copying
#  Information") and the two indices (lists of pointers to nodes). Not copied: gnutls-guile.info (the Guile
#  bindings' manual), gnutls.pdf and html/ (the same manual again), api-reference/ and the man3 pages (the API),
#  examples/*.c, changelog.gz, changelog.Debian.gz and copyright.)
C=${CORPORA:-/work/corpora}/gnutls-manual
rm -rf "$C"; mkdir -p "$C"
render_info_manual /usr/share/info/gnutls.info.gz /dev/stdout | awk -v dir="$C" '
  /^File: gnutls\.info,  Node: / {
    name = $0; sub(/^File: gnutls\.info,  Node: /, "", name); sub(/,  (Next|Prev|Up): .*/, "", name)
    up = ""; if (match($0, /,  Up: .*/)) up = substr($0, RSTART + 7)
    if (out != "") close(out)
    out = ""
    if (up == "API reference" || name ~ /^(API reference|Copying Information|Function and Data Index|Concept Index)$/)
      next
    slug = tolower(name); gsub(/[^a-z0-9]+/, "-", slug); sub(/^-+/, "", slug); sub(/-+$/, "", slug)
    if (slug in seen) { print "gnutls-manual: two nodes named " slug > "/dev/stderr"; exit 1 }
    seen[slug] = 1
    out = dir "/" slug ".txt"
  }
  out != "" { print > out }
'
