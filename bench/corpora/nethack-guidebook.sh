#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: nethack-common man-db groff-base bsdextrautils
# (NetHack 3.6.6's player documentation as Debian's nethack-common ships it: the Guidebook
#  (/usr/share/doc/nethack-common/Guidebook.txt.gz, decompressed, overstrike removed with col -bx), the five
#  manual pages in section 6 (nethack, recover, dlb, dgn_comp, lev_comp) and the game's six in-game help texts
#  (help, hh, cmdhelp, keyhelp, opthelp, history), pulled out of the game's data library
#  /usr/lib/games/nethack/nhdat with the package's own dlb tool and saved as NAME.txt.)
C=${CORPORA:-/work/corpora}/nethack-guidebook
rm -rf "$C"; mkdir -p "$C/man" "$C/help"
gzip -dc /usr/share/doc/nethack-common/Guidebook.txt.gz | col -bx > "$C/Guidebook.txt"
render_man_pages --grep '^/usr/share/man/man6/.*\.gz$' "$C/man" nethack-common   # nethack.6.txt, recover.6.txt, ...
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
(cd "$T" && /usr/lib/games/nethack/dlb xf /usr/lib/games/nethack/nhdat help hh cmdhelp keyhelp opthelp history)
for f in help hh cmdhelp keyhelp opthelp history; do
  col -bx < "$T/$f" > "$C/help/$f.txt"
done
