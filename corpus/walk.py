"""Find the indexable files under a root folder without ever leaving it or blocking on odd files.

The walk is iterative (deep trees cannot overflow the stack), sorted (same tree, same order), and
every file or folder it refuses comes out as a :class:`SkippedFile` with a reason instead of an
exception, so one bad entry never aborts a run. Symlinks are followed only when their *resolved*
target stays inside the root: ``Path.rglob`` would happily return a link to ``/etc/passwd``.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from pathlib import Path

from corpus.documents import SkippedFile, SkipReason, SourceFile

DEFAULT_MAX_BYTES = 50 * 1024 * 1024

KIND_BY_SUFFIX = {
    ".txt": "text",
    ".md": "markdown",
    ".markdown": "markdown",
    ".rst": "rst",
    ".html": "html",
    ".htm": "html",
    ".pdf": "pdf",
    ".docx": "docx",
    ".odt": "odt",
    ".pptx": "pptx",
    ".epub": "epub",
    ".ipynb": "notebook",
    ".eml": "eml",
    ".mbox": "mbox",
}

WalkEntry = SourceFile | SkippedFile


def file_kind(name: str) -> tuple[str, bool] | None:
    """The document kind for a file name and whether it is gzip-compressed; None if unsupported."""
    lowered = name.lower()
    compressed = lowered.endswith(".gz")
    if compressed:
        lowered = lowered[:-3]
    stem, dot, extension = lowered.rpartition(".")
    kind = KIND_BY_SUFFIX.get(dot + extension) if stem else None
    return None if kind is None else (kind, compressed)


def absolute_path(path: Path) -> Path:
    """Absolute and normalised but not resolved: paths stay the ones the user knows."""
    return Path(os.path.normpath(path.expanduser().absolute()))


def is_inside(path: str, real_root: str) -> bool:
    return path == real_root or path.startswith(real_root.rstrip(os.sep) + os.sep)


def walk_root(root: Path, *, max_bytes: int = DEFAULT_MAX_BYTES) -> Iterator[WalkEntry]:
    """Yield every supported file under ``root`` and every refused entry, in a stable order."""
    root = absolute_path(root)
    real_root = os.path.realpath(root)
    seen_dirs = {_dir_key(real_root)}
    pending: list[tuple[Path, str]] = [(root, "")]
    while pending:
        directory, relative = pending.pop()
        subdirs: list[tuple[Path, str]] = []
        for entry in _sorted_entries(directory):
            if isinstance(entry, SkippedFile):
                yield entry
                continue
            child_relative = f"{relative}/{entry.name}" if relative else entry.name
            outcome = _classify(entry, directory / entry.name, child_relative, root, real_root, max_bytes)
            if isinstance(outcome, tuple):
                key, child_dir = outcome
                if key in seen_dirs:
                    yield SkippedFile(child_dir, SkipReason.SYMLINK_LOOP)
                    continue
                seen_dirs.add(key)
                subdirs.append((child_dir, child_relative))
            elif outcome is not None:
                yield outcome
        pending.extend(reversed(subdirs))


def _dir_key(path: str) -> tuple[int, int]:
    info = Path(path).stat()
    return (info.st_dev, info.st_ino)


def _sorted_entries(directory: Path) -> list[os.DirEntry[str]] | list[SkippedFile]:
    try:
        with os.scandir(directory) as entries:
            return sorted(entries, key=lambda entry: entry.name)
    except PermissionError:
        return [SkippedFile(directory, SkipReason.DIRECTORY_UNREADABLE)]
    except FileNotFoundError:
        return [SkippedFile(directory, SkipReason.VANISHED)]
    except OSError as error:
        return [SkippedFile(directory, SkipReason.READ_ERROR, error.strerror or str(error))]


def _classify(
    entry: os.DirEntry[str], path: Path, relative: str, root: Path, real_root: str, max_bytes: int
) -> WalkEntry | tuple[tuple[int, int], Path] | None:
    """A file verdict, a ``(dir key, dir path)`` to descend into, or None for nothing to report. ``path`` is
    the entry's path, built as its folder's child: ``Path(entry.path)`` parsed every component of the path
    again, half the walk's time on the kernel documentation (15,000 entries)."""
    try:
        info, real_path = _stat_entry(entry, path, real_root)
    except _Refused as refused:
        return SkippedFile(path, refused.reason, refused.detail)
    if stat.S_ISDIR(info.st_mode):
        if entry.name.startswith("."):
            return SkippedFile(path, SkipReason.HIDDEN)
        return (info.st_dev, info.st_ino), path
    if not stat.S_ISREG(info.st_mode):
        return SkippedFile(path, SkipReason.NOT_REGULAR)
    return _classify_file(path, real_path, relative, root, info, max_bytes)


def _classify_file(
    path: Path, real_path: Path, relative: str, root: Path, info: os.stat_result, max_bytes: int
) -> WalkEntry:
    kind = file_kind(path.name)
    if kind is None:
        return SkippedFile(path, SkipReason.UNSUPPORTED)
    if info.st_size > max_bytes:
        return SkippedFile(path, SkipReason.TOO_LARGE, f"{info.st_size} bytes")
    if info.st_size == 0:
        return SkippedFile(path, SkipReason.EMPTY)
    return SourceFile(
        root=root,
        path=real_path,
        relative=relative,
        kind=kind[0],
        compressed=kind[1],
        size=info.st_size,
        mtime_ns=info.st_mtime_ns,
    )


class _Refused(Exception):
    def __init__(self, reason: SkipReason, detail: str = "") -> None:
        super().__init__(reason.value)
        self.reason = reason
        self.detail = detail


def _stat_entry(entry: os.DirEntry[str], path: Path, real_root: str) -> tuple[os.stat_result, Path]:
    """Stat an entry, following a symlink only if it resolves inside the root."""
    try:
        if not entry.is_symlink():
            return entry.stat(follow_symlinks=False), path
        info = path.stat()
    except FileNotFoundError as error:
        reason = SkipReason.DANGLING_SYMLINK if _is_link(entry) else SkipReason.VANISHED
        raise _Refused(reason) from error
    except PermissionError as error:
        raise _Refused(SkipReason.UNREADABLE) from error
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise _Refused(SkipReason.SYMLINK_LOOP) from error
        raise _Refused(SkipReason.READ_ERROR, error.strerror or str(error)) from error
    target = os.path.realpath(entry.path)
    if not is_inside(target, real_root):
        raise _Refused(SkipReason.OUTSIDE_ROOT, target)
    return info, Path(target)


def _is_link(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_symlink()
    except OSError:
        return False
