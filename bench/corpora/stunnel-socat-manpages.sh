#!/usr/bin/env bash
set -euo pipefail
# packages: stunnel4 socat man-db bsdextrautils
# Debian 12: stunnel4 3:5.68-2+deb12u1, socat 1.7.4.4-2. Man pages rendered to plain text; plain docs copied
# (gzipped ones decompressed) with suffixes corpus/walk.py reads. Skipped: stunnel.html and socat.html (HTML
# renderings of the same man pages), the Polish man page and stunnel.pl.html, Debian changelogs, scripts
# (*.sh, *.pl), socat's test.sh and the copyright files.
C=${CORPORA:-/work/corpora}/stunnel-socat-manpages
rm -rf "$C"
export LANG=C.UTF-8
mkdir -p "$C/stunnel/man" "$C/stunnel/doc" "$C/socat/man" "$C/socat/doc"
man1() { LC_ALL=C.UTF-8 MANWIDTH=100 man --nh -l -P cat "$1" 2>/dev/null | col -bx > "$2"; }
man1 /usr/share/man/man8/stunnel4.8.gz "$C/stunnel/man/stunnel.8.txt"
man1 /usr/share/man/man8/stunnel3.8.gz "$C/stunnel/man/stunnel3.8.txt"
man1 /usr/share/man/man1/socat.1.gz    "$C/socat/man/socat.1.txt"
S=/usr/share/doc/stunnel4
cp "$S/README.md" "$S/TODO.md" "$S/BUGS.md" "$C/stunnel/doc/"
cp "$S/README.Debian" "$C/stunnel/doc/README.Debian.txt"
zcat "$S/NEWS.gz" > "$C/stunnel/doc/NEWS.txt"
zcat "$S/NEWS.Debian.gz" > "$C/stunnel/doc/NEWS.Debian.txt"
cp "$S/examples/stunnel.conf-sample" "$C/stunnel/doc/stunnel.conf-sample.txt"
cp "$S/examples/openssl.cnf" "$C/stunnel/doc/openssl.cnf.txt"
cp "$S/examples/ca.html" "$S/examples/importCA.html" "$C/stunnel/doc/"
cp /etc/stunnel/README "$C/stunnel/doc/etc-stunnel-README.txt"
cp /etc/default/stunnel4 "$C/stunnel/doc/etc-default-stunnel4.txt"
D=/usr/share/doc/socat
for f in BUGREPORTS FAQ PORTING README.Debian README.FIPS SECURITY; do cp "$D/$f" "$C/socat/doc/$f.txt"; done
for f in DEVELOPMENT EXAMPLES README xio.help; do zcat "$D/$f.gz" > "$C/socat/doc/$f.txt"; done
zcat "$D/changelog.gz" > "$C/socat/doc/CHANGES.txt"
cp "$D"/socat-genericsocket.html "$D"/socat-multicast.html "$D"/socat-openssltunnel.html "$D"/socat-tun.html \
   "$C/socat/doc/"
