"""What an indexing run reports: progress while it runs and a summary at the end (JSON-ready).

Frozen dataclasses, not pydantic models: ``carrel index`` imports nothing else of pydantic, and building
these three models cost every indexing process about 0.1 s of CPU at start (pydantic's model machinery),
a tenth of a whole index of the PostgreSQL manual. Nothing validates them: the indexer alone creates them.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Literal


@dataclass(frozen=True, slots=True)
class FileProblem:
    """A file that was not indexed and why, with the path as the user knows it."""

    path: str
    reason: str


@dataclass(frozen=True, slots=True)
class IndexProgress:
    """A progress tick: ``files_done`` of ``files_total`` files checked in the current stage."""

    stage: Literal["scanning", "indexing", "committing", "done"]
    files_done: int
    files_total: int
    path: str = ""


@dataclass(frozen=True, slots=True)
class IndexSummary:
    """The outcome of one run. ``skipped`` counts every refused entry by reason; ``skipped_files``
    lists the odd ones (not merely unsupported types); ``failed`` lists supported files that could
    not be read (a file read but holding no text, such as a scanned PDF, is a skip: "no text (scanned?)").
    ``read_by_kind`` counts the files this run read into the index, by kind (``pdf``, ``docx``, ``mbox``...).
    ``documents``/``passages`` are the totals in the index after the run."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    skipped_files: list[FileProblem] = field(default_factory=list)
    failed: list[FileProblem] = field(default_factory=list)
    read_by_kind: dict[str, int] = field(default_factory=dict)
    documents: int = 0
    passages: int = 0
    seconds: float = 0.0
    cancelled: bool = False

    def to_json(self) -> str:
        """One compact JSON object, every field in declaration order (what ``carrel index --json`` prints)."""
        return json.dumps(dataclasses.asdict(self), ensure_ascii=False, separators=(",", ":"))
