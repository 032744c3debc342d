#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: nmh man-db groff-base bsdextrautils
C=${CORPORA:-/work/corpora}/nmh-manpages
rm -rf "$C"; mkdir -p "$C"
# pages that are only a `.so` redirect (folders, flists, fnext, fprev, unseen, mh_profile, mts.conf) would render
# as a copy of the page they point to; they are skipped so that each page is read once
render_man_pages --skip-redirects --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" nmh   # inc.1mh.txt, ...
D=/usr/share/doc/nmh
# plain-text documents (COPYRIGHT and copyright are left out; contrib/ and examples/ are scripts)
for f in README README-components README.SASL README.about MAIL.FILTERING MAILING-LISTS VERSION; do
  cp "$D/$f" "$C/$f.txt"
done
for f in DIFFERENCES FAQ NEWS NEWS.Debian README-ATTACHMENTS README-HOOKS README.developers README.manpages \
         TODO changelog changelog.Debian; do
  gzip -dc "$D/$f.gz" > "$C/$f.txt"
done
