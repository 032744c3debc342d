"""Extraction workers are forked only from a process that runs one thread; otherwise a fork server starts them."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

from indexer.build import index_folders
from indexer.pipeline import single_threaded


def test_a_second_thread_rules_out_forking() -> None:
    release = threading.Event()
    helper = threading.Thread(target=release.wait)
    helper.start()
    try:
        assert not single_threaded()
    finally:
        release.set()
        helper.join()


def test_a_fresh_interpreter_runs_one_thread() -> None:
    code = "from indexer.pipeline import single_threaded; print(single_threaded())"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "True"


def test_a_first_build_from_a_threaded_process_gives_the_same_index(tmp_path: Path) -> None:
    """The desk indexes from a thread: its workers come from the fork server, and the index is the same."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for number in range(80):
        (corpus / f"note-{number:03d}.md").write_text(
            f"# Note {number}\n\nThe lamp of note {number} burns.\n"
        )
    results = {}

    def build(name: str) -> None:
        results[name] = index_folders([corpus], tmp_path / name, workers=2)

    build("direct")
    threaded = threading.Thread(target=build, args=("threaded",))
    threaded.start()
    threaded.join()
    assert results["threaded"].documents == results["direct"].documents == 80
    assert results["threaded"].passages == results["direct"].passages
