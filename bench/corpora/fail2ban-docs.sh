#!/usr/bin/env bash
set -euo pipefail
# packages: fail2ban man-db bsdextrautils
C=${CORPORA:-/work/corpora}/fail2ban-docs
rm -rf "$C"; mkdir -p "$C"
D=/usr/share/doc/fail2ban
for m in /usr/share/man/man1/fail2ban*.1.gz /usr/share/man/man5/jail.conf.5.gz; do
  b=$(basename "$m" .gz)
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$m" 2>/dev/null | col -bx > "$C/$b.txt"
done
cp /etc/fail2ban/jail.conf     "$C/jail.conf.txt"
cp /etc/fail2ban/fail2ban.conf "$C/fail2ban.conf.txt"
zcat $D/README.md.gz     > "$C/README.md"
zcat $D/README.Debian.gz > "$C/README.Debian.txt"
zcat $D/NEWS.Debian.gz   > "$C/NEWS.Debian.txt"
zcat $D/FILTERS.gz       > "$C/FILTERS.txt"
zcat $D/DEVELOP.gz       > "$C/DEVELOP.txt"
zcat $D/changelog.gz     > "$C/ChangeLog.txt"
cp $D/run-rootless.txt "$C/run-rootless.txt"
