#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: syncthing man-db groff-base bsdextrautils
# (The 14 English manual pages of Syncthing 1.19 as Debian ships them: syncthing.1, syncthing-config.5,
#  syncthing-stignore.5 and the eleven syncthing-*.7 pages (bep, device-ids, event-api, faq, globaldisco,
#  localdisco, networking, relay, rest-api, security, versioning). The package ships no translations.)
C=${CORPORA:-/work/corpora}/syncthing-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" syncthing   # syncthing.1.txt, syncthing-faq.7.txt, ...
