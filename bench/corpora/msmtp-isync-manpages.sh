#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: msmtp isync man-db groff-base bsdextrautils
# Debian ships msmtpd's page in the separate msmtpd package and msmtp's full manual only as info; neither is taken.
C=${CORPORA:-/work/corpora}/msmtp-isync-manpages
rm -rf "$C"; mkdir -p "$C/msmtp" "$C/isync"
render_man_pages "$C" msmtp isync   # msmtp.1.txt, mbsync.1.txt, mdconvert.1.txt
D=/usr/share/doc/msmtp
cp "$D/README" "$C/msmtp/README.txt"
cp "$D/README.Debian" "$C/msmtp/README.Debian.txt"
gzip -dc "$D/NEWS.gz" > "$C/msmtp/NEWS.txt"
gzip -dc "$D/NEWS.Debian.gz" > "$C/msmtp/NEWS.Debian.txt"
gzip -dc "$D/changelog.gz" > "$C/msmtp/changelog.txt"
cp "$D/examples/msmtprc-system.example" "$C/msmtp/msmtprc-system.example.txt"
cp "$D/examples/msmtprc-user.example" "$C/msmtp/msmtprc-user.example.txt"
D=/usr/share/doc/isync
cp "$D/README" "$C/isync/README.txt"
cp "$D/README.Debian" "$C/isync/README.Debian.txt"
cp "$D/AUTHORS" "$C/isync/AUTHORS.txt"
cp "$D/TODO" "$C/isync/TODO.txt"
gzip -dc "$D/NEWS.gz" > "$C/isync/NEWS.txt"
gzip -dc "$D/NEWS.Debian.gz" > "$C/isync/NEWS.Debian.txt"
gzip -dc "$D/changelog.gz" > "$C/isync/changelog.txt"
cp "$D/examples/mbsyncrc.sample" "$C/isync/mbsyncrc.sample.txt"
