"""kill -9 mid-run, concurrent runs, and damaged indexes: the last commit always survives."""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
from pathlib import Path

import pytest

from indexer.build import index_folders
from indexer.errors import IndexBusyError, IndexCorruptError
from indexer.search import open_search_tool
from indexer.store import META_FILE, IndexStore
from tests.support.index_runner import resume, start_runner
from tests.support.indexes import FIXTURE_DOCUMENTS, build_fixture_index

BULK_NOTES = 120


def add_bulk_notes(corpus: Path, count: int = BULK_NOTES) -> None:
    bulk = corpus / "bulk"
    bulk.mkdir()
    for number in range(count):
        (bulk / f"note-{number:03d}.md").write_text(
            f"# Note {number}\n\nbulkword{number} and shared gecko text\n"
        )


def change_fixture_corpus(corpus: Path) -> None:
    add_bulk_notes(corpus)
    (corpus / "notes" / "reading-list.txt").unlink()
    (corpus / "notes" / "sourdough.md").write_text("# Sourdough\n\nnow with emmer flour\n")


def index_snapshot(index_dir: Path) -> dict[str, list[tuple[str, str, str]]]:
    """Every document's passages (id, heading, text): what two indexes must agree on."""
    tool = open_search_tool(index_dir)
    doc_ids = sorted(IndexStore.open(index_dir).manifest())
    return {
        doc_id: [(passage.id, passage.heading, passage.text) for passage in tool.document_passages(doc_id)]
        for doc_id in doc_ids
    }


@pytest.mark.parametrize("pause", ["indexing:1", "indexing:70", "committing:0"])
def test_kill_9_mid_run_keeps_the_last_commit(tmp_path: Path, pause: str) -> None:
    corpus, index_dir = build_fixture_index(tmp_path)
    before = index_snapshot(index_dir)
    change_fixture_corpus(corpus)
    child = start_runner(index_dir, corpus, pause=pause, workers=2)
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=60)
    assert child.returncode == -signal.SIGKILL
    assert index_snapshot(index_dir) == before
    tool = open_search_tool(index_dir)
    assert tool.search("hooch").items
    assert tool.search("gecko").items == []
    summary = index_folders([corpus], index_dir)
    assert summary.documents == len(FIXTURE_DOCUMENTS) - 1 + BULK_NOTES
    index_folders([corpus], tmp_path / "clean")
    assert index_snapshot(index_dir) == index_snapshot(tmp_path / "clean")


def test_kill_9_mid_first_build_leaves_the_index_free_at_once(tmp_path: Path) -> None:
    """A first build forks its workers from the indexing process, which holds the run lock: they must not
    hold it too, or a killed run would leave the index busy for as long as they live."""
    corpus, index_dir = tmp_path / "corpus", tmp_path / "index"
    corpus.mkdir()
    add_bulk_notes(corpus)
    child = start_runner(index_dir, corpus, pause="indexing:5", workers=2)
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=60)
    summary = index_folders([corpus], index_dir, workers=1)
    assert summary.documents == BULK_NOTES and summary.added == BULK_NOTES


def test_files_a_killed_run_left_uncommitted_do_not_fail_the_next_run(tmp_path: Path) -> None:
    """A run killed during its commit can leave a segment's new deletions on disk, listed as Tantivy's but
    never committed. The same changes made again write a file of the same name, which Tantivy refused."""
    corpus, index_dir = build_fixture_index(tmp_path)
    (corpus / "notes" / "sourdough.md").write_text("# Sourdough\n\nnow with emmer flour\n")
    finished = tmp_path / "finished"
    shutil.copytree(index_dir, finished)
    index_folders([corpus], finished)
    before = {path.name for path in index_dir.iterdir()}
    left_behind = [path for path in finished.iterdir() if path.suffix == ".del" and path.name not in before]
    assert left_behind
    for path in left_behind:
        shutil.copy(path, index_dir / path.name)
    managed = index_dir / ".managed.json"
    names = set(json.loads(managed.read_text())) | {path.name for path in left_behind}
    managed.write_text(json.dumps(sorted(names)))

    index_folders([corpus], index_dir)

    assert index_snapshot(index_dir) == index_snapshot(finished)


def test_a_second_run_is_told_the_index_is_busy(tmp_path: Path) -> None:
    corpus, index_dir = build_fixture_index(tmp_path)
    add_bulk_notes(corpus)
    child = start_runner(index_dir, corpus, pause="indexing:10", workers=1)
    try:
        with pytest.raises(IndexBusyError, match="busy"):
            index_folders([corpus], index_dir, workers=1)
        tool = open_search_tool(index_dir)
        assert tool.stats().documents == len(FIXTURE_DOCUMENTS)
        assert tool.search("gecko").items == []
    finally:
        output = resume(child)
    assert child.returncode == 0, output
    assert json.loads(output.split("SUMMARY ", 1)[1])["added"] == BULK_NOTES
    assert open_search_tool(index_dir).search("gecko", limit=10).items


def test_two_child_runs_at_once_one_works_one_is_busy(tmp_path: Path) -> None:
    corpus, index_dir = build_fixture_index(tmp_path)
    add_bulk_notes(corpus)
    first = start_runner(index_dir, corpus, pause="indexing:5", workers=1)
    second = start_runner(index_dir, corpus, workers=1)
    second_output, _ = second.communicate(timeout=300)
    first_output = resume(first)
    assert second.returncode == 1 and "PROBLEM IndexBusyError" in second_output
    assert first.returncode == 0 and "SUMMARY" in first_output
    assert open_search_tool(index_dir).stats().documents == len(FIXTURE_DOCUMENTS) + BULK_NOTES


def largest_file(index_dir: Path, suffix: str) -> Path:
    return max(
        (path for path in index_dir.iterdir() if path.name.endswith(suffix)), key=lambda p: p.stat().st_size
    )


@pytest.mark.parametrize("suffix", [".store", ".term", ".idx", ".pos", "meta.json"])
def test_truncated_index_file_is_reported_and_rebuild_recovers(tmp_path: Path, suffix: str) -> None:
    corpus, index_dir = build_fixture_index(tmp_path)
    damaged = largest_file(index_dir, suffix)
    damaged.write_bytes(damaged.read_bytes()[: damaged.stat().st_size // 2])
    with pytest.raises(IndexCorruptError, match="carrel index --rebuild"):
        open_search_tool(index_dir)
    with pytest.raises(IndexCorruptError):
        index_folders([corpus], index_dir, workers=1)
    summary = index_folders([], index_dir, rebuild=True, workers=1)
    assert summary.documents == len(FIXTURE_DOCUMENTS)
    assert open_search_tool(index_dir).search("hooch").items


def test_index_from_another_schema_version_asks_for_a_rebuild(tmp_path: Path) -> None:
    _, index_dir = build_fixture_index(tmp_path)
    (index_dir / META_FILE).write_text(json.dumps({"schema_version": 0, "roots": []}))
    with pytest.raises(IndexCorruptError, match="schema version 0"):
        open_search_tool(index_dir)


def descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for stat_file in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat_file.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(stat_file.parent.name))
    found: set[int] = set()
    pending = [pid]
    while pending:
        for child in children.get(pending.pop(), []):
            found.add(child)
            pending.append(child)
    return found


def exits_within(pid: int, seconds: float) -> bool:
    """Wait for a process that is not our child to exit, on a pidfd (no sleeping, no polling)."""
    try:
        descriptor = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        readable, _, _ = select.select([descriptor], [], [], seconds)
        return bool(readable)
    finally:
        os.close(descriptor)


def test_extraction_workers_exit_when_the_run_is_killed(tmp_path: Path) -> None:
    corpus, index_dir = build_fixture_index(tmp_path)
    add_bulk_notes(corpus)
    child = start_runner(index_dir, corpus, pause="indexing:70", workers=2)
    helpers = descendants(child.pid)
    assert helpers, "the run should have started worker processes"
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=60)
    assert [pid for pid in helpers if not exits_within(pid, 30)] == []
