# shellcheck shell=bash
# Sourced by the corpus scripts in bench/corpora/ (not run by build.sh, which only runs bench/corpora/NAME.sh):
#
#   . "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
#
# Many scripts render their packages' manual pages as plain text with the same loop; it lives here once so that
# they all render the same way (LC_ALL=C, MANWIDTH=80, man | col -bx) and a fix reaches every one of them.

# render_man_pages [--grep ERE] [--by-section] [--skip-redirects] DEST PACKAGE...
#
# Renders each manual page that the installed PACKAGEs ship, every path `dpkg -L` lists that matches the
# extended regular expression ERE, to DEST/NAME.SEC.txt: mosquitto.conf.5.gz -> DEST/mosquitto.conf.5.txt.
# With --by-section it goes to DEST/manSEC/NAME.SEC.txt instead, SEC being the part of the name after the last
# dot. The default ERE, '^/usr/share/man/.*\.gz$', also takes translations, which get the same name as the
# English page; '^/usr/share/man/man[0-9]/.*\.gz$' leaves them out. Alias links are skipped (they repeat the
# page they point to) and a page that renders to nothing is not kept. With --skip-redirects, so is a page whose
# source is only a `.so` redirect to another page: man renders it as a copy of that page. Under
# `set -eo pipefail` the script stops if a package is not installed or none of its paths matches.
render_man_pages() {
  local filter='^/usr/share/man/.*\.gz$' by_section=0 skip_redirects=0
  while [ "$#" -gt 0 ]; do
    case "$1" in
      --grep) filter=${2:?render_man_pages: --grep needs a pattern}; shift 2 ;;
      --by-section) by_section=1; shift ;;
      --skip-redirects) skip_redirects=1; shift ;;
      *) break ;;
    esac
  done
  if [ "$#" -lt 2 ]; then
    echo "usage: render_man_pages [--grep ERE] [--by-section] [--skip-redirects] DEST PACKAGE..." >&2
    return 2
  fi
  local dest=$1
  shift
  mkdir -p "$dest"
  local f name dir out
  dpkg -L "$@" | grep -E "$filter" | sort -u | while read -r f; do
    [ -L "$f" ] && continue
    if [ "$skip_redirects" -eq 1 ] && [ "$(gzip -dc "$f" | head -c 4)" = ".so " ]; then
      continue
    fi
    name=$(basename "$f" .gz)
    dir=$dest
    if [ "$by_section" -eq 1 ]; then
      dir="$dest/man${name##*.}"
      mkdir -p "$dir"
    fi
    out="$dir/$name.txt"
    LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$f" 2>/dev/null | col -bx > "$out"
    [ -s "$out" ] || rm -f "$out"
  done
}
