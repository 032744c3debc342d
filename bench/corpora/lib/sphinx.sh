# shellcheck shell=bash
# Sourced by the corpus scripts in bench/corpora/ (not run by build.sh, which only runs bench/corpora/NAME.sh):
#
#   . "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
#
# Many scripts copy a package's Sphinx HTML pages but not Sphinx's search and index pages. They did it with a
# dozen small variations of the same loop; it lives here once so that they all pick and copy pages the same way.

# copy_html_pages [--recursive] [--gz] [--keep-modindex] SRC DEST
#
# Copies each page SRC/NAME.html to DEST/NAME.html (cp -pL: a real file, even where SRC has a symlink, with its
# timestamps), except search.html, genindex.html and py-modindex.html. Options:
#   --recursive       also the pages in SRC's subfolders, kept in the same subfolder of DEST, but none from a
#                     folder whose name starts with "_" (Sphinx's _static, _sources, _modules, _images, ...)
#   --gz              also the pages shipped compressed, NAME.html.gz, copied as they are (Carrel reads them)
#   --keep-modindex   copy py-modindex.html too
# Only the pages at the top of SRC are left out by name. Returns non-zero (which stops a script under set -e)
# if SRC is not a folder, holds no page to copy or a copy fails.
copy_html_pages() {
  local depth=(-maxdepth 1) names=(-name '*.html') keep_modindex=0
  while [ "$#" -gt 0 ]; do
    case "$1" in
      --recursive) depth=(); shift ;;
      --gz) names+=(-o -name '*.html.gz'); shift ;;
      --keep-modindex) keep_modindex=1; shift ;;
      *) break ;;
    esac
  done
  if [ "$#" -ne 2 ]; then
    echo "usage: copy_html_pages [--recursive] [--gz] [--keep-modindex] SRC DEST" >&2
    return 2
  fi
  local src=$1 dest=$2 pages page copied=0
  if [ ! -d "$src" ]; then
    echo "copy_html_pages: $src is not a folder" >&2
    return 1
  fi
  # Paths relative to SRC, one a line: folders named _* are pruned, symlinks followed (-L).
  pages=$(find -L "$src" -mindepth 1 "${depth[@]}" -type d -name '_*' -prune -o \
    -type f \( "${names[@]}" \) -printf '%P\n') || return
  mkdir -p "$dest" || return
  while IFS= read -r page; do
    case "$page" in
      '' | search.html | genindex.html) continue ;;
      py-modindex.html) [ "$keep_modindex" -eq 1 ] || continue ;;
      */*) mkdir -p "$dest/${page%/*}" || return ;;
    esac
    cp -pL "$src/$page" "$dest/$page" || return
    copied=$((copied + 1))
  done <<< "$pages"
  if [ "$copied" -eq 0 ]; then
    echo "copy_html_pages: no HTML page to copy in $src" >&2
    return 1
  fi
}
