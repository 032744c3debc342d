"""``kill -9`` of ``carrel index`` at random moments, and the checks that must hold afterwards.

Shared by the CI-sized test (a few kills) and ``bench/reliability.py`` (20+). The scenario: an index holds a
committed state A of a folder; the folder then changes (files added, edited, deleted), and ``carrel index`` runs
to bring the index to state B - and is killed at a random moment. Afterwards the index must open, hold exactly A
or exactly B (one commit per run: nothing in between), answer searches, and the next run must complete and match
a clean build of the folder. Everything goes through the indexer's public API and the real CLI.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from indexer.build import index_folders, totals
from indexer.search import open_search_tool
from indexer.store import IndexStore
from indexer.summary import IndexSummary

COMMON_WORD = "lantern"
_VOCABULARY = [
    "harbour",
    "tide",
    "keeper",
    "wick",
    "dusk",
    "anchor",
    "rope",
    "gull",
    "mist",
    "reef",
    "beacon",
    "compass",
    "chart",
    "ledger",
    "quill",
    "ink",
    "archive",
    "folio",
    "margin",
    "index",
    "spine",
    "binding",
    "vellum",
    "scribe",
    "lamp",
    "shelf",
    "carrel",
    "reader",
    "study",
    "silence",
]


@dataclass(frozen=True)
class IndexContents:
    """What a committed index holds: each document's ID and version (size, mtime, passage count), and the
    total passage count actually stored."""

    files: frozenset[tuple[str, int, int, int]]
    passages: int


def index_contents(index_dir: Path) -> IndexContents:
    """Open the index the way Carrel does (raises the indexer's typed error if it cannot)."""
    store = IndexStore.open(index_dir)
    files = frozenset(
        (doc_id, entry.size, entry.mtime_ns, entry.passages) for doc_id, entry in store.manifest().items()
    )
    return IndexContents(files=files, passages=totals(store, IndexSummary()).passages)


def write_document(path: Path, rng: random.Random, paragraphs: int) -> None:
    body = [f"# {' '.join(rng.choices(_VOCABULARY, k=3)).title()}"]
    for number in range(paragraphs):
        words = " ".join(rng.choices(_VOCABULARY, k=rng.randint(40, 120)))
        body.append(f"## Part {number}\n\n{COMMON_WORD} {words}.")
    path.write_text("\n\n".join(body) + "\n", encoding="utf-8")


def write_corpus(root: Path, count: int, rng: random.Random) -> list[Path]:
    """``count`` Markdown files in a few subfolders, every one containing COMMON_WORD."""
    paths = []
    for number in range(count):
        folder = root / f"shelf-{number % 7}"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"note-{number:05d}.md"
        write_document(path, rng, paragraphs=rng.randint(2, 8))
        paths.append(path)
    return paths


@dataclass(frozen=True)
class KillOutcome:
    """One kill: when it landed, what the index held afterwards, and whether every check passed."""

    delay_s: float
    killed: bool
    state: str  # "previous", "new", or "other" (a violation)
    problems: tuple[str, ...]
    orphans: int = 0

    @property
    def survived(self) -> bool:
        return not self.problems


class IndexKillScenario:
    """Folder at state B, a saved copy of the index at state A, and a clean build of B to compare with."""

    def __init__(self, workdir: Path, files: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.root = workdir / "corpus"
        self.saved_a = workdir / "index-a"
        self.working = workdir / "index"
        paths = write_corpus(self.root, files, self.rng)
        index_folders([self.root], self.saved_a)
        self.state_a = index_contents(self.saved_a)
        self._change_folder(paths, files)
        index_folders([self.root], workdir / "index-clean")
        self.state_b = index_contents(workdir / "index-clean")

    def _change_folder(self, paths: list[Path], files: int) -> None:
        """Grow the folder by half, edit a tenth of the files and delete a twentieth."""
        write_corpus(self.root / "new", files // 2, self.rng)
        for path in self.rng.sample(paths, max(1, files // 10)):
            write_document(path, self.rng, paragraphs=3)
        for path in self.rng.sample(paths, max(1, files // 20)):
            path.unlink(missing_ok=True)

    def index_command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "tui.cli",
            "index",
            str(self.root),
            "--index",
            str(self.working),
            "--json",
        ]

    def reset_to_a(self) -> None:
        shutil.rmtree(self.working, ignore_errors=True)
        shutil.copytree(self.saved_a, self.working)

    def full_run_seconds(self) -> float:
        """Time one uninterrupted CLI run from A to B: kill moments are drawn from this span."""
        self.reset_to_a()
        started = time.perf_counter()
        subprocess.run(self.index_command(), capture_output=True, check=True)
        return time.perf_counter() - started

    def kill_once(self, delay_s: float) -> KillOutcome:
        """Start the CLI in its own process group, SIGKILL only the main process after ``delay_s``, check."""
        self.reset_to_a()
        process = subprocess.Popen(
            self.index_command(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
        )
        try:
            process.wait(timeout=delay_s)
            killed = False
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGKILL)
            process.wait()
            killed = True
        orphans = reap_process_group(process.pid)
        state, problems = self.check_after_kill()
        return KillOutcome(delay_s, killed, state, tuple(problems), orphans)

    def check_after_kill(self) -> tuple[str, list[str]]:
        try:
            after = index_contents(self.working)
        except Exception as error:  # any failure to open is exactly what this check looks for
            return "other", [f"index did not open after the kill: {error}"]
        state = {self.state_a: "previous", self.state_b: "new"}.get(after, "other")
        problems = [] if state != "other" else [f"index holds neither commit: {len(after.files)} files"]
        problems += self._search_problems()
        problems += self._rerun_problems()
        return state, problems

    def _search_problems(self) -> list[str]:
        try:
            hits = open_search_tool(self.working).search(COMMON_WORD).items
        except Exception as error:
            return [f"search failed after the kill: {error}"]
        return [] if hits else [f"search for {COMMON_WORD!r} found nothing after the kill"]

    def _rerun_problems(self) -> list[str]:
        try:
            index_folders([self.root], self.working)
            after = index_contents(self.working)
        except Exception as error:
            return [f"the next run failed: {error}"]
        return [] if after == self.state_b else ["the next run does not match a clean build"]


STRAY_GRACE_S = 5.0


def process_group_members(group: int) -> list[int]:
    """Live (non-zombie) processes whose process group is ``group``, read from /proc."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == group and fields[0] != "Z":
                members.append(int(stat.parent.name))
    return members


def reap_process_group(group: int, grace_s: float = STRAY_GRACE_S) -> int:
    """SIGKILL whatever a killed run left behind in its own group (worker pools); return how many there were.

    A user's ``kill -9`` hits only the main process. Extraction workers notice within half a second that their
    parent is gone and exit (``indexer.pipeline.exit_with_parent``), and the fork server and resource tracker
    see their pipes close, so only processes still running ``grace_s`` after the kill count as strays; those are
    cleaned up here so one kill does not leak into the next.
    """
    deadline = time.monotonic() + grace_s
    left = process_group_members(group)
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = process_group_members(group)
    if left:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(group, signal.SIGKILL)
    return len(left)
