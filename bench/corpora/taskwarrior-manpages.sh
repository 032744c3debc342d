#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: taskwarrior man-db groff-base bsdextrautils
# (The 4 manual pages of Taskwarrior 2.6 as Debian ships them (task.1, taskrc.5, task-color.5, task-sync.5),
#  rendered to text, plus the package's text documentation from /usr/share/doc/taskwarrior, decompressed and
#  given a suffix Carrel reads: README.md, NEWS, the upstream and Debian changelogs, README.Debian, TODO.Debian,
#  NEWS.Debian and the examples' READMEs and hook scripts. Left out: copyright, the themes and holiday files
#  under /usr/share/taskwarrior and the shell completions.)
C=${CORPORA:-/work/corpora}/taskwarrior-manpages
D=/usr/share/doc/taskwarrior
rm -rf "$C"; mkdir -p "$C"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" taskwarrior   # task.1.txt, taskrc.5.txt, ...
gzip -dc "$D/README.md.gz" > "$C/README.md"
gzip -dc "$D/NEWS.gz" > "$C/NEWS.txt"
gzip -dc "$D/changelog.gz" > "$C/changelog.txt"
gzip -dc "$D/changelog.Debian.gz" > "$C/changelog.Debian.txt"
gzip -dc "$D/NEWS.Debian.gz" > "$C/NEWS.Debian.txt"
cp -p "$D/README.Debian" "$C/README.Debian.txt"
cp -p "$D/TODO.Debian" "$C/TODO.Debian.txt"
mkdir -p "$C/examples/hooks"
cp -p "$D/examples/README" "$C/examples/README.txt"
for f in "$D"/examples/hooks/*; do
  cp -p "$f" "$C/examples/hooks/$(basename "$f").txt"   # README.txt, on-add.txt, on-exit.shadow-file.txt, ...
done
