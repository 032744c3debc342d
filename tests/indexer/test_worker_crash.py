"""A worker process that dies (a parser crash on a hostile file, the OOM killer) never fails the run: the pool
restarts, the files in flight are retried one by one, and only a file that kills its worker again is reported."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

from corpus.documents import SkippedFile, SkipReason, SourceFile
from corpus.walk import walk_root
from indexer.build import index_folders
from indexer.pipeline import ExtractionPool
from indexer.prepare import PreparedFile
from indexer.summary import IndexProgress


class PoisonedExecutor(Executor):
    """Runs tasks in this process, except that a task touching a file named ``poison*`` "kills its worker":
    that future and every later one fail with BrokenProcessPool, as a real pool's do, until shutdown."""

    started = 0

    def __init__(self, workers: int) -> None:
        PoisonedExecutor.started += 1
        self.broken = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        if self.broken or _touches_poison(args):
            self.broken = True
            future.set_exception(BrokenProcessPool("a worker died"))
        else:
            future.set_result(fn(*args, **kwargs))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.broken = True


def _touches_poison(args: tuple[Any, ...]) -> bool:
    sources = [task[1] for task in args[0]] if args and isinstance(args[0], list) else list(args[1:2])
    return any(isinstance(source, SourceFile) and source.path.name.startswith("poison") for source in sources)


def write_notes(folder: Path, count: int) -> list[tuple[str, SourceFile]]:
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(count):
        name = "poison.md" if number == count // 2 else f"note-{number:03d}.md"
        (folder / name).write_text(f"# Note {number}\n\nThe lamp of note {number} burns.\n", encoding="utf-8")
    sources = [entry for entry in walk_root(folder) if isinstance(entry, SourceFile)]
    return [(f"{number:012x}", source) for number, source in enumerate(sources)]


def test_only_the_file_that_kills_its_worker_again_is_reported(tmp_path: Path) -> None:
    tasks = write_notes(tmp_path / "notes", 120)
    PoisonedExecutor.started = 0

    with ExtractionPool(workers=2, executor_factory=PoisonedExecutor) as pool:
        outcomes = list(pool.prepare_all(tasks, max_bytes=1 << 20))

    assert len(outcomes) == len(tasks)
    failed = [outcome for outcome in outcomes if isinstance(outcome, SkippedFile)]
    assert [(item.path.name, item.reason) for item in failed] == [("poison.md", SkipReason.WORKER_CRASHED)]
    prepared = [outcome for outcome in outcomes if isinstance(outcome, PreparedFile)]
    assert [item.doc_id for item in prepared] == [
        doc_id for doc_id, source in tasks if source.path.name != "poison.md"
    ]
    assert PoisonedExecutor.started == 3  # the first pool, a fresh one for the retries, one after the poison


def test_a_pdf_is_never_extracted_inline_even_in_a_small_run(tmp_path: Path) -> None:
    tasks = write_notes(tmp_path / "notes", 3)[:2]
    pdf_path = tmp_path / "notes" / "poison.pdf"
    tasks.append(("0000000000ff", SourceFile(tmp_path, pdf_path, "poison.pdf", "pdf", False, 100, 0)))

    with ExtractionPool(workers=2, executor_factory=PoisonedExecutor) as pool:
        outcomes = list(pool.prepare_all(tasks, max_bytes=1 << 20))

    assert [type(outcome).__name__ for outcome in outcomes] == ["PreparedFile", "PreparedFile", "SkippedFile"]
    assert isinstance(outcomes[2], SkippedFile) and outcomes[2].reason is SkipReason.WORKER_CRASHED


def test_a_program_read_from_stdin_extracts_inline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Workers re-import the main module by path; ``python - <<EOF`` has none, so none are started."""
    monkeypatch.setattr(sys.modules["__main__"], "__file__", "<stdin>", raising=False)
    folder = tmp_path / "notes"
    total = len(write_notes(folder, 80))

    summary = index_folders([folder], tmp_path / "index")

    assert summary.failed == [] and summary.added == total


def _worker_pids() -> list[int]:
    """Processes whose parent is a child of this process: the extraction workers under the fork server."""
    parents: dict[int, int] = {}
    for stat_file in Path("/proc").glob("[0-9]*/stat"):
        try:
            parents[int(stat_file.parent.name)] = int(stat_file.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    children = {pid for pid, parent in parents.items() if parent == os.getpid()}
    return sorted(pid for pid, parent in parents.items() if parent in children)


def test_a_worker_killed_mid_run_loses_no_file(tmp_path: Path) -> None:
    folder = tmp_path / "notes"
    total = len(write_notes(folder, 400))
    killed: list[int] = []

    def kill_a_worker(progress: IndexProgress) -> None:
        if progress.stage == "indexing" and progress.files_done == 40 and not killed:
            killed.extend(_worker_pids()[:1])
            for pid in killed:
                os.kill(pid, signal.SIGKILL)

    summary = index_folders([folder], tmp_path / "index", on_progress=kill_a_worker, workers=2)

    assert killed, "no worker process was found to kill"
    assert summary.failed == [] and summary.added == total == summary.documents
