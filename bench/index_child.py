"""The indexing run ``bench/index_bench.py`` measures, in a child process of its own.

A module apart from the benchmark so that the child imports what ``carrel index`` imports and nothing more:
its CPU time is measured from the interpreter's start, and the benchmark's own imports (the baseline's HTML
parser, the search tool and its pydantic models) would be counted as Carrel's.
"""

from __future__ import annotations

import json
import resource
import time
from pathlib import Path

from indexer.build import index_folders
from indexer.summary import IndexProgress


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class PhaseClock:
    """When each stage of an index run began, from its progress callbacks: the walk, extraction and
    writing (from the first file handed to Tantivy), and the commit."""

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.first_seen: dict[str, float] = {}

    def __call__(self, progress: IndexProgress) -> None:
        self.first_seen.setdefault(progress.stage, time.perf_counter() - self.started)

    def phases(self, total_s: float) -> dict[str, float]:
        writing = self.first_seen.get("indexing", 0.0)
        committing = self.first_seen.get("committing", total_s)
        return {
            "walk_and_worker_start": round(writing, 2),
            "extract_and_write": round(committing - writing, 2),
            "commit_and_reload": round(total_s - committing, 2),
        }


def own_peak_rss_bytes() -> int:
    """This process's peak RSS since it was started. Not ``ru_maxrss``: Linux carries that across
    ``exec`` from the forked parent, so a child started by a benchmark holding 100 MB of documents
    would report the benchmark's memory as its own. ``VmHWM`` belongs to the new program alone."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def carrel_child(corpus: Path, index_dir: Path) -> None:
    clock = PhaseClock()
    summary = index_folders([corpus], index_dir, on_progress=clock)
    seconds = time.perf_counter() - clock.started
    main_peak_mb = own_peak_rss_bytes() / 2**20
    print(
        json.dumps(
            {
                "seconds": seconds,
                "phases_s": clock.phases(seconds),
                "documents": summary.documents,
                "passages": summary.passages,
                "failed": len(summary.failed),
                "main_peak_rss_mb": round(main_peak_mb, 1),
                "main_cpu_s": round(cpu_seconds(), 2),
            }
        )
    )
