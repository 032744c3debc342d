#!/usr/bin/env bash
set -euo pipefail
# packages: ntpsec-doc man-db bsdextrautils
# ntpsec conflicts with chrony (chrony-docs installs it; both provide/conflict time-daemon), so it is not
# installed: its .deb is downloaded and unpacked with dpkg -x, and the man pages are taken from there.
# (ntpsec is left off the packages line so that build.sh --install can install every line in one apt-get call;
# apt-get download needs network and current package lists: apt-get update.)
C=${CORPORA:-/work/corpora}/ntpsec-docs
rm -rf "$C"; mkdir -p "$C/html" "$C/man"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
(cd "$T" && apt-get download -q ntpsec >/dev/null 2>&1)
dpkg -x "$T"/ntpsec_*.deb "$T/x"
cp /usr/share/doc/ntpsec-doc/html/*.html "$C/html/"
for f in $(cd "$T/x" && find usr/share/man/man[0-9] -name '*.gz' | sort); do
  name=$(basename "$f" .gz)                      # e.g. ntp.conf.5
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$T/x/$f" 2>/dev/null | col -bx > "$C/man/$name.txt"
done
