"""0 files read outside the root, at the syscall level: the indexer's odd corpus, traced with strace.

``tests/indexer`` proves nothing from outside the root reaches the index; this proves the run never even
opened it (a read that is later dropped would still be a leak of access). A control proves the trace would see
such a read.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.reliability.file_trace import TracedIndexRun, reads_outside, traced_index
from tests.reliability.network_trace import strace_path
from tests.support.odd_files import OddCorpus, make_odd_corpus, restore_permissions

pytestmark = pytest.mark.skipif(
    strace_path() is None, reason="strace is not installed (apt-get install strace; .ci/run installs it)"
)


@pytest.fixture
def odd(tmp_path: Path) -> Iterator[OddCorpus]:
    corpus = make_odd_corpus(tmp_path)
    (corpus.root / "outside-folder").symlink_to(corpus.outside)
    yield corpus
    restore_permissions(corpus)


def test_indexing_the_odd_corpus_opens_nothing_outside_the_root(odd: OddCorpus, tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    baseline = traced_index(tmp_path / "empty", tmp_path / "baseline-index", tmp_path / "baseline.trace")
    run = traced_index(odd.root, tmp_path / "index", tmp_path / "odd.trace")
    assert run.exit_code == 0, run.stderr
    assert run.summary["documents"] == len(odd.indexed_names)
    assert any(path.startswith(str(odd.root)) for path in run.opened), "the trace saw no reads at all"
    assert reads_outside(run, baseline, [odd.outside, Path("/etc")]) == []
    assert run.network_attempts == []


def test_the_trace_does_see_a_read_through_a_symlink(odd: OddCorpus, tmp_path: Path) -> None:
    """Control: reading the outside link with cat is caught, so the empty list above means something."""
    baseline = traced_index(odd.root, tmp_path / "index", tmp_path / "odd.trace")
    trace_file = tmp_path / "cat.trace"
    subprocess.run(
        [
            "strace",
            "-f",
            "-yy",
            "-qq",
            "-e",
            "trace=openat,open",
            "-o",
            str(trace_file),
            "cat",
            str(odd.root / "outside.md"),
        ],
        capture_output=True,
        check=True,
    )
    cat_run = TracedIndexRun(exit_code=0, summary={}, stderr="", trace=trace_file.read_text(), peak_rss_kib=0)
    assert reads_outside(cat_run, baseline, [odd.outside]) == [str((odd.outside / "secret.md").resolve())]
