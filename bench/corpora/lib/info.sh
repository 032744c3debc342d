# shellcheck shell=bash
# Sourced by the corpus scripts in bench/corpora/ (not run by build.sh, which only runs bench/corpora/NAME.sh):
#
#   . "$(dirname "${BASH_SOURCE[0]}")/lib/info.sh"
#
# Several scripts render a GNU Info manual as one plain-text file; the pipeline lives here once so that they all
# render it the same way (every node in reading order, `info --subnodes ... | col -bx`) and a fix reaches each.

# render_info_manual [--locale LOCALE] INFO OUT
#
# Renders the Info manual INFO (a path, e.g. /usr/share/info/units.info.gz) with all its nodes, in order, to the
# plain-text file OUT. LC_ALL is C unless --locale names another (C.UTF-8 keeps the manual's curly quotes). `info`
# exits 0 even when INFO is missing, leaving OUT empty: `build.sh --check` catches that as missing gold text.
render_info_manual() {
  local locale=C
  if [ "${1:-}" = "--locale" ]; then
    locale=${2:?render_info_manual: --locale needs a locale}
    shift 2
  fi
  if [ "$#" -ne 2 ]; then
    echo "usage: render_info_manual [--locale LOCALE] INFO OUT" >&2
    return 2
  fi
  LC_ALL=$locale info --subnodes -f "$1" -o - 2>/dev/null | col -bx > "$2"
}
