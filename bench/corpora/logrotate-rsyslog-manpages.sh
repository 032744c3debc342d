#!/usr/bin/env bash
set -euo pipefail
# packages: logrotate rsyslog man-db bsdextrautils
C=${CORPORA:-/work/corpora}/logrotate-rsyslog-manpages
rm -rf "$C"
L=/usr/share/doc/logrotate; R=/usr/share/doc/rsyslog
mkdir -p "$C/man" "$C/doc/logrotate" "$C/doc/rsyslog"
for p in /usr/share/man/man8/logrotate.8.gz /usr/share/man/man8/rsyslogd.8.gz /usr/share/man/man5/rsyslog.conf.5.gz; do
  n=$(basename "$p" .gz)
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$p" 2>/dev/null | col -bx > "$C/man/$n.txt"
done
# logrotate.conf.5.gz renders byte-identical to logrotate.8: not copied
zcat $L/NEWS.Debian.gz      > "$C/doc/logrotate/NEWS.Debian.txt"
zcat $L/changelog.gz        > "$C/doc/logrotate/ChangeLog.md"
zcat $L/changelog.Debian.gz > "$C/doc/logrotate/changelog.Debian.txt"
cp   $R/README.Debian         "$C/doc/rsyslog/README.Debian.txt"
zcat $R/NEWS.Debian.gz      > "$C/doc/rsyslog/NEWS.Debian.txt"
zcat $R/changelog.gz        > "$C/doc/rsyslog/ChangeLog.txt"
zcat $R/changelog.Debian.gz > "$C/doc/rsyslog/changelog.Debian.txt"
