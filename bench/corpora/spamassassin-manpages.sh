#!/usr/bin/env bash
set -euo pipefail
# packages: spamassassin man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/spamassassin-manpages
rm -rf "$C"; mkdir -p "$C"
# The README recipe sets no locale; its byte count (742,375) matches a UTF-8 locale (C.UTF-8, this machine's
# default), while LC_ALL=C gives different text in 8 pages (man and col both depend on it), so pin it for reruns.
export LC_ALL=C.UTF-8
mkdir -p "$C/man1" "$C/man3" "$C/doc"
for f in $(dpkg -L spamassassin | grep -E '^/usr/share/man/man(1/.*\.1p|3/.*\.3pm)\.gz$' | grep -v 'spamassassin-run\.3pm'); do
  b=$(basename "$f" .gz); sec=${b##*.}; name=${b%.*}
  MANWIDTH=80 man --no-hyphenation --no-justification -l "$f" 2>/dev/null | col -bx \
    > "$C/man${sec:0:1}/$(echo "$name" | sed 's/::/-/g').$sec.txt"
done
D=/usr/share/doc/spamassassin
for f in README USAGE UPGRADE README.Debian NEWS.Debian; do zcat "$D/$f.gz" > "$C/doc/$f.txt"; done
for f in README README.bayes README.awl; do zcat "$D/sql/$f.gz" > "$C/doc/sql-$f.txt"; done
cp "$D/sql/README.txrep" "$C/doc/sql-README.txrep.txt"
