#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: mailman3-doc
# (GNU Mailman 3.3.8's Sphinx HTML documentation as Debian ships it: index.html, README.html, contrib/README.html
#  and the src/mailman/*/docs/ pages (install, mta, config, commands, handlers, rules, rest, model, ...), kept in
#  their subfolders. Sphinx's _modules/, _sources/ and _static/ folders, search.html and genindex.html are left out.)
C=${CORPORA:-/work/corpora}/mailman3-docs
rm -rf "$C"; mkdir -p "$C"
copy_html_pages --recursive /usr/share/doc/mailman3/html "$C"
