"""Every benchmark suite's corpus root can be rebuilt by its script in bench/corpora (a fresh machine has none).

The scripts themselves need Debian's documentation packages and are run by ``bench/corpora/build.sh``, not here;
this checks that a suite added without its recipe as a script, or a script that writes somewhere fixed, is caught.
"""

from __future__ import annotations

from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
SUITES = sorted(path.parent.name for path in (BENCH / "suites").glob("*/cases.jsonl"))


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
