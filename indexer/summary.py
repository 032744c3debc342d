"""What an indexing run reports: progress while it runs and a summary at the end (pydantic, JSON-ready)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class FileProblem(BaseModel):
    """A file that was not indexed and why, with the path as the user knows it."""

    model_config = ConfigDict(frozen=True)

    path: str
    reason: str


class IndexProgress(BaseModel):
    """A progress tick: ``files_done`` of ``files_total`` files checked in the current stage."""

    model_config = ConfigDict(frozen=True)

    stage: Literal["scanning", "indexing", "committing", "done"]
    files_done: int
    files_total: int
    path: str = ""


class IndexSummary(BaseModel):
    """The outcome of one run. ``skipped`` counts every refused entry by reason; ``skipped_files``
    lists the odd ones (not merely unsupported types); ``failed`` lists supported files that could
    not be read (a file read but holding no text, such as a scanned PDF, is a skip: "no text (scanned?)").
    ``read_by_kind`` counts the files this run read into the index, by kind (``pdf``, ``docx``, ``mbox``...).
    ``documents``/``passages`` are the totals in the index after the run."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    skipped: dict[str, int] = Field(default_factory=dict)
    skipped_files: list[FileProblem] = Field(default_factory=list)
    failed: list[FileProblem] = Field(default_factory=list)
    read_by_kind: dict[str, int] = Field(default_factory=dict)
    documents: int = 0
    passages: int = 0
    seconds: float = 0.0
    cancelled: bool = False
