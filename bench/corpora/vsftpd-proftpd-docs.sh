#!/usr/bin/env bash
set -euo pipefail
# packages: vsftpd proftpd-doc man-db bsdextrautils
C=${CORPORA:-/work/corpora}/vsftpd-proftpd-docs
rm -rf "$C"
R="$C"; D=/usr/share/doc/proftpd-doc
mkdir -p "$R/vsftpd" "$R/proftpd"
for p in /usr/share/man/man8/vsftpd.8.gz /usr/share/man/man5/vsftpd.conf.5.gz; do
  b=$(basename $p .gz)
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat $p | col -bx > "$R/vsftpd/$b.txt"
done
cp /etc/vsftpd.conf "$R/vsftpd/etc-vsftpd.conf.txt"
cd $D
cp index.html faq.html "$R/proftpd/"
for d in contrib directives howto modules; do mkdir -p "$R/proftpd/$d"; cp $d/*.html "$R/proftpd/$d/"; done
mkdir -p "$R/proftpd/misc" "$R/proftpd/examples"
zcat misc/README.LDAP.gz    > "$R/proftpd/misc/README.LDAP.txt"
zcat misc/README.md.gz      > "$R/proftpd/misc/README.md"
zcat misc/README.modules.gz > "$R/proftpd/misc/README.modules.txt"
cp misc/README.ports "$R/proftpd/misc/README.ports.txt"
cp misc/mod_mysql.txt misc/mod_pgsql.txt "$R/proftpd/misc/"
for f in anonymous basic complex-virtual mod_sql virtual; do
  cp examples/sample-configurations/$f.conf "$R/proftpd/examples/$f.conf.txt"
done
zcat RELEASE_NOTES.gz > "$R/proftpd/RELEASE_NOTES.txt"
cp CREDITS "$R/proftpd/CREDITS.txt"
