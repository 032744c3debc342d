#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
. "$(dirname "${BASH_SOURCE[0]}")/lib/info.sh"
# packages: units info bsdextrautils man-db groff-base
# (units ships its manual as info, no HTML: rendered to plain text as binutils-manual does. Its two manual pages,
#  units(1) and units_cur(1), are rendered with render_man_pages; README and NEWS are copied uncompressed. Not
#  copied: copyright, changelog.Debian.gz, and the data files definitions.units, currency.units, locale_map.txt.)
C=${CORPORA:-/work/corpora}/units-manual
rm -rf "$C"; mkdir -p "$C"
render_info_manual /usr/share/info/units.info.gz "$C/units.info.txt"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" units
D=/usr/share/doc/units
gzip -dc "$D/README.gz" > "$C/README.txt"
gzip -dc "$D/NEWS.gz"   > "$C/NEWS.txt"
