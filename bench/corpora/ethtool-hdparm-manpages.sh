#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: ethtool hdparm man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/ethtool-hdparm-manpages
rm -rf "$C"; mkdir -p "$C"
# manual pages, rendered to plain text: ethtool.8, hdparm.8, hdparm.conf.5
render_man_pages "$C" ethtool hdparm
# plain-text package docs (no copyright files, no scripts or C sources); each package in its own folder
copy() { # src dest: decompress .gz, give a .txt suffix unless it has one
  local src=$1 dest=$2
  [ -r "$src" ] || return 0
  mkdir -p "$(dirname "$dest")"
  case "$src" in
    *.gz) gzip -dc "$src" > "$dest" ;;
    *) cp "$src" "$dest" ;;
  esac
  [ -s "$dest" ] || rm -f "$dest"
}
E=/usr/share/doc/ethtool
copy "$E/AUTHORS" "$C/doc/ethtool/AUTHORS.txt"
copy "$E/NEWS.gz" "$C/doc/ethtool/NEWS.txt"
copy "$E/README" "$C/doc/ethtool/README.txt"
copy "$E/README.Debian" "$C/doc/ethtool/README.Debian.txt"
copy "$E/changelog.Debian.gz" "$C/doc/ethtool/changelog.Debian.txt"
H=/usr/share/doc/hdparm
copy "$H/README.Debian" "$C/doc/hdparm/README.Debian.txt"
copy "$H/README.acoustic" "$C/doc/hdparm/README.acoustic.txt"
copy "$H/TODO" "$C/doc/hdparm/TODO.txt"
copy "$H/changelog.gz" "$C/doc/hdparm/changelog.txt"
copy "$H/changelog.old.gz" "$C/doc/hdparm/changelog.old.txt"
copy "$H/changelog.Debian.gz" "$C/doc/hdparm/changelog.Debian.txt"
copy "$H/wiper/README.txt.gz" "$C/doc/hdparm/wiper/README.txt"
