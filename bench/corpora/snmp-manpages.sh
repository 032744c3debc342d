#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: snmpd snmp snmptrapd libsnmp-base libsnmp40 man-db groff-base bsdextrautils
# Net-SNMP 5.9 manual pages of snmpd, snmp, snmptrapd and libsnmp-base (snmp.conf(5), snmp_config(5), ...),
# rendered to text, plus the plain-text documents shipped in /usr/share/doc/libsnmp40 and libsnmp-base
# (/usr/share/doc/snmpd and /usr/share/doc/snmp are symlinks to libsnmp40).
C=${CORPORA:-/work/corpora}/snmp-manpages
rm -rf "$C"
mkdir -p "$C"
render_man_pages "$C" snmpd snmp snmptrapd libsnmp-base   # snmpd.conf.5.txt, snmpcmd.1.txt, snmptrapd.8.txt, ...
D=/usr/share/doc/libsnmp40
B=/usr/share/doc/libsnmp-base
gzip -dc "$D/FAQ.gz" > "$C/FAQ.txt"
gzip -dc "$D/NEWS.gz" > "$C/NEWS.txt"
gzip -dc "$D/README.gz" > "$C/README.txt"
gzip -dc "$D/README.thread.gz" > "$C/README.thread.txt"
gzip -dc "$D/README.mib2c.gz" > "$C/README.mib2c.txt"
gzip -dc "$D/AGENT.txt.gz" > "$C/AGENT.txt"
cp "$D/README.agentx" "$C/README.agentx.txt"
cp "$D/README.snmpv3" "$C/README.snmpv3.txt"
cp "$D/TODO" "$C/TODO.txt"
cp "$B/README.mibs" "$C/README.mibs.txt"
