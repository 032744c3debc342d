"""Every benchmark suite's corpus root can be rebuilt by its script in bench/corpora (a fresh machine has none).

The scripts themselves need Debian's documentation packages and are run by ``bench/corpora/build.sh``, not here;
this checks that a suite added without its recipe as a script, or a script that writes somewhere fixed, is caught.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
SUITES = sorted(path.parent.name for path in (BENCH / "suites").glob("*/cases.jsonl"))
# Sourced, not run: they sit below bench/corpora/ so that neither build.sh nor the checks here take them for suites.
MAN_LIBRARY = BENCH / "corpora" / "lib" / "manpages.sh"
SPHINX_LIBRARY = BENCH / "corpora" / "lib" / "sphinx.sh"
INFO_LIBRARY = BENCH / "corpora" / "lib" / "info.sh"
# Each library function and the file that defines it, which every script that calls the function sources.
LIBRARIES = {
    "render_man_pages": MAN_LIBRARY,
    "copy_html_pages": SPHINX_LIBRARY,
    "render_info_manual": INFO_LIBRARY,
}


def test_there_are_suites_to_check() -> None:
    assert len(SUITES) > 100


@pytest.mark.parametrize("suite", SUITES)
def test_each_suite_has_a_rerunnable_corpus_script(suite: str) -> None:
    script = BENCH / "corpora" / f"{suite}.sh"
    assert script.is_file(), (
        f"bench/corpora/{suite}.sh is missing: write the suite README's recipe as a script"
    )
    lines = script.read_text(encoding="utf-8").splitlines()

    assert lines[0] == "#!/usr/bin/env bash"
    assert "set -euo pipefail" in lines
    assert any(line.startswith("# packages:") for line in lines), "name the Debian packages it needs"
    # The root goes where CORPORA says, and is emptied first, so a rerun gives the same tree.
    assert f"C=${{CORPORA:-/work/corpora}}/{suite}" in lines
    assert any(line.startswith('rm -rf "$C"') for line in lines)


def test_no_script_is_left_without_its_suite() -> None:
    scripts = {path.stem for path in (BENCH / "corpora").glob("*.sh")} - {"build"}

    assert scripts == set(SUITES)


@pytest.mark.parametrize("function", sorted(LIBRARIES))
def test_scripts_that_call_a_library_function_source_the_library_first(function: str) -> None:
    library = LIBRARIES[function]
    source_line = f'. "$(dirname "${{BASH_SOURCE[0]}}")/lib/{library.name}"'
    scripts = sorted((BENCH / "corpora").glob("*.sh"))
    callers = [path for path in scripts if any(function in line for line in _code_lines(path))]
    assert library.is_file()
    assert callers, f"no script uses {function}"

    for script in callers:
        lines = script.read_text(encoding="utf-8").splitlines()
        assert source_line in lines, f"{script.name} calls {function} but does not source {library.name}"
        # Right after `set -euo pipefail` (or after another library sourced there), before any cd: run as
        # `bash bench/corpora/NAME.sh`, BASH_SOURCE is relative.
        first = lines.index("set -euo pipefail") + 1
        sourced = lines[first : lines.index(source_line)]
        assert all(line.startswith('. "$(dirname "${BASH_SOURCE[0]}")/lib/') for line in sourced), script.name


def run_library_function(
    library: Path, function: str, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Source a corpus-script library under the scripts' own shell options and call one of its functions."""
    script = f'set -euo pipefail; . "$0"; {function} "$@"'
    return subprocess.run(
        ["bash", "-c", script, str(library), *args], env=env, capture_output=True, text=True, check=False
    )


def write_files(root: Path, files: dict[str, str]) -> None:
    """Write each text at its path below ``root``, making folders as needed."""
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def files_under(root: Path) -> dict[str, str]:
    """Every file below ``root`` by its relative path, with its text."""
    return {str(path.relative_to(root)): path.read_text() for path in root.rglob("*") if path.is_file()}


def test_render_man_pages_renders_each_page_once_and_keeps_no_empty_one(tmp_path: Path) -> None:
    # The package "demo" ships two pages, one that renders to nothing, a translation and an alias link.
    man = tmp_path / "man"
    pages = {
        "man5/demo.conf.5.gz": "config\n",
        "man8/demo.8.gz": "daemon\n",
        "man8/blank.8.gz": "",
        "de/man8/demo.8.gz": "Dienst\n",
    }
    write_files(man, pages)
    (man / "man8" / "demo-alias.8.gz").symlink_to("demo.8.gz")
    listing = [*sorted(str(path) for path in man.rglob("*.gz")), str(man / "man8")]
    (tmp_path / "demo.list").write_text("\n".join(listing) + "\n")
    # Stand-ins for dpkg -L PKG..., man ... FILE (which says how it was called) and col.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    stubs = {
        "dpkg": 'shift; for p in "$@"; do cat "$FAKE/$p.list"; done',
        "man": 'for f; do :; done; if [ -s "$f" ]; then echo "$LC_ALL $MANWIDTH"; cat "$f"; fi',
        "col": "cat",
    }
    for name, body in stubs.items():
        (bin_dir / name).write_text(f"#!/bin/sh\n{body}\n")
        (bin_dir / name).chmod(0o755)
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "FAKE": str(tmp_path)}

    def render(*args: str) -> subprocess.CompletedProcess[str]:
        return run_library_function(MAN_LIBRARY, "render_man_pages", *args, env=env)

    sections = r"/man/man[0-9]/[^/]+\.gz$"
    assert render("--grep", sections, str(tmp_path / "flat"), "demo").returncode == 0
    assert files_under(tmp_path / "flat") == {
        "demo.conf.5.txt": "C 80\nconfig\n",
        "demo.8.txt": "C 80\ndaemon\n",
    }

    assert render("--by-section", "--grep", sections, str(tmp_path / "by-section"), "demo").returncode == 0
    assert files_under(tmp_path / "by-section") == {
        "man5/demo.conf.5.txt": "C 80\nconfig\n",
        "man8/demo.8.txt": "C 80\ndaemon\n",
    }

    # By default only /usr/share/man counts; a package with no page there stops the script, as the loops did.
    assert render(str(tmp_path / "none"), "demo").returncode != 0


def test_copy_html_pages_leaves_out_sphinx_search_and_index_pages(tmp_path: Path) -> None:
    # A Sphinx build as a -doc package ships it: pages, the generated search/index pages, a compressed change log,
    # support folders (_modules holds highlighted source as HTML), a subfolder and a page that is a symlink.
    src = tmp_path / "html"
    files = {
        "index.html": "index",
        "guide.html": "guide",
        "search.html": "search",
        "genindex.html": "index of terms",
        "py-modindex.html": "index of modules",
        "changelog.html.gz": "changes",
        "searchindex.js": "Search.setIndex({})",
        "_static/basic.css": "body {}",
        "_modules/demo.html": "source",
        "_sources/index.rst.txt": "index",
        "api/core.html": "core",
        "api/search.html": "an API page called search",
        "api/notes.txt": "notes",
    }
    write_files(src, files)
    (src / "alias.html").symlink_to("guide.html")
    os.utime(src / "guide.html", (1_000_000_000, 1_000_000_000))

    def copy(*args: str) -> subprocess.CompletedProcess[str]:
        return run_library_function(SPHINX_LIBRARY, "copy_html_pages", *args)

    def copied(*options: str) -> dict[str, str]:
        dest = tmp_path / "out" / "-".join(["plain", *options])
        assert copy(*options, str(src), str(dest)).returncode == 0
        # Real files only: a symlink in SRC is copied as the file it points to.
        assert not any(path.is_symlink() for path in dest.rglob("*"))
        return files_under(dest)

    top = {"index.html": "index", "guide.html": "guide", "alias.html": "guide"}
    assert copied() == top
    assert copied("--gz") == {**top, "changelog.html.gz": "changes"}
    assert copied("--keep-modindex") == {**top, "py-modindex.html": "index of modules"}
    # Subfolders keep their place; only the top's search/index pages are Sphinx's, and no _folder is copied.
    recursive = {**top, "api/core.html": "core", "api/search.html": "an API page called search"}
    assert copied("--recursive") == recursive
    assert copied("--recursive", "--gz", "--keep-modindex") == {
        **recursive,
        "changelog.html.gz": "changes",
        "py-modindex.html": "index of modules",
    }
    # cp -p: the page keeps its timestamp.
    assert (tmp_path / "out" / "plain" / "guide.html").stat().st_mtime == 1_000_000_000

    # A folder with no page, or none at all, stops the script, as the loops' `cp` of an unmatched glob did.
    (tmp_path / "empty").mkdir()
    assert copy(str(tmp_path / "empty"), str(tmp_path / "out" / "empty")).returncode != 0
    assert copy(str(tmp_path / "missing"), str(tmp_path / "out" / "missing")).returncode != 0
    assert copy("--gz", str(src)).returncode == 2


def test_render_info_manual_renders_every_node_in_the_locale_asked_for(tmp_path: Path) -> None:
    # Stand-ins for info (which says how it was called) and col.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    stubs = {"info": 'echo "$LC_ALL $*"', "col": "cat"}
    for name, body in stubs.items():
        (bin_dir / name).write_text(f"#!/bin/sh\n{body}\n")
        (bin_dir / name).chmod(0o755)
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin"}

    def render(*args: str) -> subprocess.CompletedProcess[str]:
        return run_library_function(INFO_LIBRARY, "render_info_manual", *args, env=env)

    assert render("/usr/share/info/units.info.gz", str(tmp_path / "units.txt")).returncode == 0
    assert (tmp_path / "units.txt").read_text() == "C --subnodes -f /usr/share/info/units.info.gz -o -\n"
    assert render("--locale", "C.UTF-8", "/x/sed.info.gz", str(tmp_path / "sed.txt")).returncode == 0
    assert (tmp_path / "sed.txt").read_text() == "C.UTF-8 --subnodes -f /x/sed.info.gz -o -\n"
    assert render("/only/one/argument").returncode == 2


def _code_lines(script: Path) -> list[str]:
    """The script's lines without its comments: a comment may say why a library function is not used."""
    return [
        line for line in script.read_text(encoding="utf-8").splitlines() if not line.lstrip().startswith("#")
    ]
