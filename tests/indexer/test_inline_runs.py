"""A run given no worker count extracts a small folder inline, a batch of files at a time, while other programs
hold the cores; it starts workers when two cores are free, for more text than the inline bound, or when told a
worker count."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest

from corpus.documents import SourceFile
from corpus.walk import walk_root
from indexer import pipeline
from indexer.pipeline import ExtractionPool, FileTask
from indexer.prepare import PreparedFile


class CountingExecutor(Executor):
    """Runs tasks in this process and counts how many pools were started."""

    started = 0

    def __init__(self, workers: int) -> None:
        CountingExecutor.started += 1

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def write_notes(folder: Path, count: int) -> list[FileTask]:
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(count):
        (folder / f"note-{number:03d}.md").write_text(
            f"# Note {number}\n\nThe lamp of note {number} burns.\n"
        )
    sources = [entry for entry in walk_root(folder) if isinstance(entry, SourceFile)]
    return [(f"{number:012x}", source) for number, source in enumerate(sources)]


@pytest.fixture
def one_busy_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.setattr(pipeline, "others_running", lambda: 1)
    CountingExecutor.started = 0


def extract(pool: ExtractionPool, tasks: list[FileTask]) -> list[str]:
    """The document IDs of the files ``pool`` prepared, in the order it yielded them."""
    with pool:
        outcomes = list(pool.prepare_all(tasks, max_bytes=1 << 20))
    assert all(isinstance(outcome, PreparedFile) for outcome in outcomes)
    return [outcome.doc_id for outcome in outcomes if isinstance(outcome, PreparedFile)]


@pytest.mark.usefixtures("one_busy_core")
def test_a_small_folder_is_extracted_inline_in_order(tmp_path: Path) -> None:
    tasks = write_notes(tmp_path / "notes", 150)

    assert extract(ExtractionPool(executor_factory=CountingExecutor), tasks) == [
        doc_id for doc_id, _ in tasks
    ]
    assert CountingExecutor.started == 0


@pytest.mark.usefixtures("one_busy_core")
def test_more_text_than_the_inline_bound_starts_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tasks = write_notes(tmp_path / "notes", 150)
    monkeypatch.setattr(pipeline, "INLINE_MAX_BYTES", 1_000)

    assert extract(ExtractionPool(executor_factory=CountingExecutor), tasks) == [
        doc_id for doc_id, _ in tasks
    ]
    assert CountingExecutor.started == 1


@pytest.mark.usefixtures("one_busy_core")
def test_a_run_given_its_own_inline_bound_starts_workers_beyond_it(tmp_path: Path) -> None:
    """The desk's bound (tui.desk.services.DESK_INLINE_MAX_BYTES) is smaller than the command line's."""
    tasks = write_notes(tmp_path / "notes", 150)

    extract(ExtractionPool(executor_factory=CountingExecutor, inline_max_bytes=1_000), tasks)
    assert CountingExecutor.started == 1


@pytest.mark.usefixtures("one_busy_core")
def test_two_free_cores_start_workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tasks = write_notes(tmp_path / "notes", 150)
    monkeypatch.setattr(pipeline, "others_running", lambda: 0)

    extract(ExtractionPool(executor_factory=CountingExecutor), tasks)
    assert CountingExecutor.started == 1


@pytest.mark.usefixtures("one_busy_core")
def test_a_given_worker_count_starts_workers_for_a_small_folder(tmp_path: Path) -> None:
    tasks = write_notes(tmp_path / "notes", 150)

    extract(ExtractionPool(workers=2, executor_factory=CountingExecutor), tasks)
    assert CountingExecutor.started == 1


@pytest.mark.usefixtures("one_busy_core")
def test_a_program_busy_only_when_the_run_started_does_not_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tasks = write_notes(tmp_path / "notes", 150)
    pool = ExtractionPool(executor_factory=CountingExecutor)
    monkeypatch.setattr(pipeline, "others_running", lambda: 0)

    extract(pool, tasks)
    assert CountingExecutor.started == 1


def test_inline_batches_are_bounded_by_files_and_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pipeline, "INLINE_BATCH_BYTES", 100)
    sizes = [10] * 70 + [250, 40, 40, 40]
    tasks = [
        (
            f"{number:012x}",
            SourceFile(tmp_path, tmp_path / f"{number}.md", f"{number}.md", "markdown", False, size, 0),
        )
        for number, size in enumerate(sizes)
    ]

    batches = list(pipeline._inline_batches(tasks))

    assert [len(batch) for batch in batches] == [10, 10, 10, 10, 10, 10, 10, 1, 3]
    assert [task for batch in batches for task in batch] == tasks


def test_a_small_first_build_loads_neither_the_process_pool_nor_unused_readers(tmp_path: Path) -> None:
    write_notes(tmp_path / "notes", 80)
    script = (
        "import json, os, sys\n"
        "from pathlib import Path\n"
        "from indexer import pipeline\n"
        "from indexer.build import index_folders\n"
        "os.cpu_count = lambda: 2\n"
        "pipeline.others_running = lambda: 1\n"
        f"summary = index_folders([Path({str(tmp_path / 'notes')!r})], Path({str(tmp_path / 'index')!r}))\n"
        "print(json.dumps([summary.added, sorted(set(sys.modules) & {'multiprocessing', 'concurrent.futures', "
        "'email', 'corpus.mail', 'corpus.office', 'corpus.epub', 'corpus.pdf'})]))\n"
    )
    output = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert json.loads(output) == [80, []]


def test_long_runs_send_workers_larger_batches() -> None:
    assert pipeline._batch_files(150, 2) == pipeline.BATCH_FILES
    assert pipeline.BATCH_FILES < pipeline._batch_files(2_000, 2) < pipeline.MAX_BATCH_FILES
    assert pipeline._batch_files(11_495, 2) == pipeline.MAX_BATCH_FILES
