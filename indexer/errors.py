"""Typed failures of the index itself (not of single files, which are reported in the summary).

Each message says what happened and what the user can do, so the CLI and the TUI can show it as is.
"""

from __future__ import annotations

from pathlib import Path


class IndexProblem(Exception):
    """Base class: the index could not be opened, written or searched."""


class IndexMissingError(IndexProblem):
    def __init__(self, index_dir: Path) -> None:
        super().__init__(f"no index at {index_dir}: build one with `carrel index FOLDER`")
        self.index_dir = index_dir


class IndexBusyError(IndexProblem):
    def __init__(self, index_dir: Path) -> None:
        super().__init__(
            f"the index at {index_dir} is busy: another `carrel index` run is updating it; "
            "try again when it has finished"
        )
        self.index_dir = index_dir


class IndexCorruptError(IndexProblem):
    def __init__(self, index_dir: Path, detail: str) -> None:
        super().__init__(
            f"the index at {index_dir} is damaged or from an incompatible version ({detail}); "
            "rebuild it with `carrel index --rebuild`"
        )
        self.index_dir = index_dir
        self.detail = detail


class RootFolderError(IndexProblem):
    """A folder given to index does not exist or is not a folder."""

    def __init__(self, root: Path, problem: str) -> None:
        super().__init__(f"cannot index {root}: {problem}")
        self.root = root
