#!/usr/bin/env bash
set -euo pipefail
# packages: cron anacron at man-db bsdextrautils
C=${CORPORA:-/work/corpora}/cron-at-manpages
rm -rf "$C"
mkdir -p "$C/man" "$C/doc/cron" "$C/doc/anacron" "$C/doc/at"
for p in crontab.1 crontab.5 cron.8 anacrontab.5 anacron.8 at.1 atd.8 at.allow.5; do
  sec=${p##*.}
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "/usr/share/man/man$sec/$p.gz" 2>/dev/null | col -bx > "$C/man/$p.txt"
done
for pkg in cron anacron at; do
  d=/usr/share/doc/$pkg
  for f in README README.Debian README.anacron FEATURES NEWS.Debian README.gz NEWS.Debian.gz timespec; do
    [ -e "$d/$f" ] || continue
    name=${f%.gz}
    case "$f" in *.gz) zcat "$d/$f" ;; *) cat "$d/$f" ;; esac > "$C/doc/$pkg/$name.txt"
  done
done
