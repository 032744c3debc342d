#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: network-manager man-db groff-base bsdextrautils
# Install: DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y --no-install-recommends network-manager
C=${CORPORA:-/work/corpora}/networkmanager-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages --skip-redirects "$C" network-manager   # NetworkManager.8.txt, nmcli.1.txt, nm-settings-nmcli.5.txt, ...
# Debian ships some pages as byte-identical copies of another page (not symlinks, not .so redirects):
# nmtui-connect/-edit/-hostname.1 = nmtui.1, nm-settings.5 = nm-settings-nmcli.5,
# nm-system-settings.conf.5 = NetworkManager.conf.5. Keep one rendering of each text.
M=/usr/share/man
for pair in man1/nmtui-connect.1:man1/nmtui.1 man1/nmtui-edit.1:man1/nmtui.1 man1/nmtui-hostname.1:man1/nmtui.1 \
            man5/nm-settings.5:man5/nm-settings-nmcli.5 man5/nm-system-settings.conf.5:man5/NetworkManager.conf.5; do
  copy=${pair%%:*}; orig=${pair#*:}
  if cmp -s "$M/$copy.gz" "$M/$orig.gz"; then rm -f "$C/$(basename "$copy").txt"; fi
done
D=/usr/share/doc/network-manager
cp "$D/AUTHORS" "$C/AUTHORS.txt"
cp "$D/README.Debian" "$C/README.Debian.txt"
gzip -dc "$D/README.md.gz" > "$C/README.md"
gzip -dc "$D/NEWS.gz" > "$C/NEWS.txt"
gzip -dc "$D/changelog.gz" > "$C/changelog.txt"
mkdir -p "$C/examples/nm-conf.d"
cp "$D/examples/server.conf" "$C/examples/server.conf.txt"
for f in "$D"/examples/nm-conf.d/*.conf; do cp "$f" "$C/examples/nm-conf.d/$(basename "$f").txt"; done
