#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: nvme-cli ipmitool man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/nvme-ipmitool-manpages
rm -rf "$C"; mkdir -p "$C"
# nvme.1.txt, nvme-smart-log.1.txt, ..., ipmitool.1.txt, ipmievd.8.txt (no .so redirect pages in 2.3/1.8.19,
# --skip-redirects kept in case a rebuild picks some up)
render_man_pages --skip-redirects "$C" nvme-cli ipmitool
# plain-text documents of the two packages (no copyright, no changelog.Debian)
N=/usr/share/doc/nvme-cli
I=/usr/share/doc/ipmitool
cp "$N/TODO.Debian" "$C/nvme-cli.TODO.Debian.txt"
cp "$I/AUTHORS" "$C/ipmitool.AUTHORS.txt"
cp "$I/README.Debian" "$C/ipmitool.README.Debian.txt"
gzip -dc "$I/README.gz" > "$C/ipmitool.README.txt"
gzip -dc "$I/NEWS.Debian.gz" > "$C/ipmitool.NEWS.Debian.txt"
gzip -dc "$I/changelog.gz" > "$C/ipmitool.changelog.txt"
