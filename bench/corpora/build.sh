#!/usr/bin/env bash
# Rebuild benchmark corpus roots: one script per suite, bench/corpora/NAME.sh -> $CORPORA/NAME.
#
#   bench/corpora/build.sh [--install] [--check] [NAME ...]
#
#   NAME ...    suites to build (default: every folder of bench/suites/ that holds a cases.jsonl)
#   --install   first install, in one apt-get call, the union of the scripts' "# packages:" lines (needs root);
#               if they conflict, each script's own packages just before it runs
#   --check     after building, run bench/check_suite.py on each root (needs the repository's .venv)
#
# Environment: CORPORA (default /work/corpora) is where the roots go; LOGDIR (default: a new folder under /tmp)
# receives NAME.build.log and NAME.check.log; PYTHON (default REPO/.venv/bin/python) runs check_suite.py.
# A failing script does not stop the run. The last lines say, per suite, ok or failed and why; the exit status is
# 1 if any suite failed, 2 on a usage error.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
PYTHON=${PYTHON:-$REPO/.venv/bin/python}

usage() { sed -n '2,13s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; }

install=0
check=0
names=()
for arg in "$@"; do
  case "$arg" in
    --install) install=1 ;;
    --check) check=1 ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "build.sh: unknown option $arg" >&2; usage >&2; exit 2 ;;
    *) names+=("${arg%/}") ;;
  esac
done

if [ "${#names[@]}" -eq 0 ]; then
  for d in "$REPO"/bench/suites/*/; do
    [ -f "$d/cases.jsonl" ] && names+=("$(basename "$d")")
  done
fi

CORPORA=${CORPORA:-/work/corpora}
mkdir -p "$CORPORA" || exit 2
CORPORA=$(cd "$CORPORA" && pwd)   # absolute: the scripts cd around
export CORPORA
LOGDIR=${LOGDIR:-$(mktemp -d /tmp/corpora-build.XXXXXX)}
mkdir -p "$LOGDIR" || exit 2

# The packages a script names on its "# packages:" line.
packages_of() { sed -n 's/^# packages://p' "$1" | head -n 1; }

apt_install() {  # apt_install LOG PACKAGE...
  local log=$1
  shift
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -q "$@" > "$log" 2>&1
}

# Some suites' packages conflict (apcupsd and nut-client both provide ups-monitor): when the union cannot be
# installed together, each script's own packages are installed just before it runs.
one_by_one=0
if [ "$install" -eq 1 ]; then
  pkgs=()
  for n in "${names[@]}"; do
    s="$HERE/$n.sh"
    [ -f "$s" ] || continue
    read -r -a line <<< "$(packages_of "$s")"
    pkgs+=("${line[@]}")
  done
  mapfile -t pkgs < <(printf '%s\n' "${pkgs[@]}" | grep . | sort -u)
  if [ "${#pkgs[@]}" -gt 0 ]; then
    echo "installing ${#pkgs[@]} packages (log: $LOGDIR/apt-get.log)"
    if ! apt_install "$LOGDIR/apt-get.log" "${pkgs[@]}"; then
      tail -n 5 "$LOGDIR/apt-get.log" >&2
      echo "build.sh: the packages cannot be installed together (see $LOGDIR/apt-get.log);" \
        "installing each suite's packages just before it is built" >&2
      one_by_one=1
    fi
  fi
fi

results=()
failed=0
for n in "${names[@]}"; do
  s="$HERE/$n.sh"
  blog="$LOGDIR/$n.build.log"
  if [ ! -f "$s" ]; then
    results+=("$n: failed (no script bench/corpora/$n.sh)")
    failed=$((failed + 1))
    continue
  fi
  if [ "$one_by_one" -eq 1 ]; then
    read -r -a line <<< "$(packages_of "$s")"
    if [ "${#line[@]}" -gt 0 ] && ! apt_install "$LOGDIR/$n.apt-get.log" "${line[@]}"; then
      results+=("$n: failed (apt-get install failed: see $LOGDIR/$n.apt-get.log)")
      failed=$((failed + 1))
      continue
    fi
  fi
  echo "building $n"
  bash "$s" > "$blog" 2>&1
  rc=$?
  if [ "$rc" -ne 0 ]; then
    results+=("$n: failed (script exited $rc: $(tail -n 1 "$blog" | cut -c1-120))")
    failed=$((failed + 1))
    continue
  fi
  files=$(find "$CORPORA/$n" -type f 2> /dev/null | wc -l)
  if [ "$files" -eq 0 ]; then
    results+=("$n: failed (no files under $CORPORA/$n)")
    failed=$((failed + 1))
    continue
  fi
  if [ "$check" -eq 1 ]; then
    clog="$LOGDIR/$n.check.log"
    if [ ! -d "$REPO/bench/suites/$n" ]; then
      results+=("$n: failed (built $files files, but there is no suite bench/suites/$n to check)")
      failed=$((failed + 1))
      continue
    fi
    (cd "$REPO" && "$PYTHON" bench/check_suite.py "bench/suites/$n" --corpus "$CORPORA/$n") > "$clog" 2>&1
    rc=$?
    if [ "$rc" -ne 0 ]; then
      results+=("$n: failed (check_suite.py exited $rc: $(tail -n 1 "$clog" | cut -c1-120))")
      failed=$((failed + 1))
      continue
    fi
    results+=("$n: ok ($files files, check: no problems)")
  else
    results+=("$n: ok ($files files)")
  fi
done

echo
echo "logs: $LOGDIR"
printf '%s\n' "${results[@]}"
echo "${#names[@]} suites, $failed failed"
[ "$failed" -eq 0 ]
