#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: varnish man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/varnish-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages "$C" varnish   # varnishd.1.txt, vcl.7.txt, vmod_std.3.txt, ...
