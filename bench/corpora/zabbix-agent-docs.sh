#!/usr/bin/env bash
set -euo pipefail
# packages: zabbix-agent man-db bsdextrautils
C=${CORPORA:-/work/corpora}/zabbix-agent-docs
rm -rf "$C"
D=/usr/share/doc/zabbix-agent
mkdir -p "$C"
LC_ALL=C MANWIDTH=80 man --nh -l -P cat /usr/share/man/man8/zabbix_agentd.8.gz 2>/dev/null | col -bx > "$C/zabbix_agentd.8.txt"
LC_ALL=C MANWIDTH=80 man --nh -l -P cat /usr/share/man/man1/zabbix_sender.1.gz 2>/dev/null | col -bx > "$C/zabbix_sender.1.txt"
cp /etc/zabbix/zabbix_agentd.conf "$C/zabbix_agentd.conf.txt"
cp $D/README.Debian "$C/README.Debian.txt"
cp $D/TODO.Debian   "$C/TODO.Debian.txt"
zcat $D/changelog.Debian.gz       > "$C/changelog.Debian.txt"
zcat $D/changelog.Debian.amd64.gz > "$C/changelog.Debian.amd64.txt"
zcat $D/changelog.gz              > "$C/changelog.txt"
