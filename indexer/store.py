"""Open, create, lock and read the on-disk index; every Tantivy error is translated here.

tantivy-py reports every Rust error as ``ValueError`` (sometimes ``OSError``); this module turns
them into :mod:`indexer.errors` types that say what to do next.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import tantivy

from indexer import schema as fields
from indexer.errors import IndexBusyError, IndexCorruptError, IndexMissingError

if TYPE_CHECKING:
    from indexer.results import RootInfo

META_FILE = "carrel-index.json"
LOCK_FILE = "carrel.lock"
# Tantivy writes a segment whenever its indexing heap fills. With 96 MB the kernel documentation was one
# segment, written entirely at the commit after every worker had finished, with one core idle for 0.8 s;
# with 40 MB the first segment is written while extraction still runs and the commit writes the rest
# (0.3-0.5 s). The price: two segments instead of one (search p50 0.57 -> 0.71 ms) and less memory.
WRITER_HEAP_BYTES = 40_000_000


@dataclass(frozen=True, slots=True)
class ManifestEntry:
    """What the index knows about one source file, to decide whether it changed."""

    doc_id: str
    root_key: int
    size: int
    mtime_ns: int
    passages: int


@dataclass(frozen=True, slots=True)
class FileFacts:
    """What a search hit or passage record takes from its document's file record."""

    path: str
    modified_at: datetime


def from_ns(stored: int) -> datetime:
    """The datetime of a stored (u64-encoded) nanosecond timestamp."""
    return datetime.fromtimestamp(fields.read_ns(stored) / 1e9, tz=UTC)


def writer_threads() -> int:
    """Tantivy's indexing threads. The extraction workers already keep every core busy; on two cores
    a second writer thread only competed with them (same wall time, about 10% more CPU, measured on
    the kernel documentation), so it is used only where there are cores to spare."""
    return 1 if (os.cpu_count() or 1) <= 2 else 2


def is_lock_busy(error: Exception) -> bool:
    return "LockBusy" in str(error)


@contextlib.contextmanager
def run_lock(index_dir: Path) -> Iterator[int]:
    """Exclusive, non-blocking lock for one indexing run (released by the kernel if we are killed).

    It sits beside Tantivy's own writer lock so a ``--rebuild`` can wipe the index while holding it.
    Yields the lock's file descriptor: a process forked during the run must close it, or the lock would
    outlive a killed run for as long as that process does.
    """
    index_dir.mkdir(parents=True, exist_ok=True)
    handle = (index_dir / LOCK_FILE).open("a+")
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as error:
            raise IndexBusyError(index_dir) from error
        yield handle.fileno()
    finally:
        handle.close()


def index_exists(index_dir: Path) -> bool:
    try:
        return index_dir.is_dir() and bool(tantivy.Index.exists(str(index_dir)))
    except (OSError, ValueError):
        return False


def wipe_index(index_dir: Path) -> None:
    """Delete everything in the index folder except the run lock (which the caller holds). (``shutil`` is
    imported here: it loads the bz2 and lzma modules, 2-3 ms of every indexing process's start.)"""
    import shutil

    for child in index_dir.iterdir():
        if child.name == LOCK_FILE:
            continue
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child)
        else:
            child.unlink()


class IndexStore:
    """An opened Tantivy index plus Carrel's knowledge of how it is laid out."""

    def __init__(self, index_dir: Path, index: tantivy.Index) -> None:
        self.index_dir = index_dir
        self.index = index

    @classmethod
    def open(cls, index_dir: Path) -> IndexStore:
        """Open an existing index, checking it was written by this schema version."""
        if not index_exists(index_dir):
            raise IndexMissingError(index_dir)
        _check_meta(index_dir)
        try:
            index = tantivy.Index.open(str(index_dir))
            fields.register_analyzer(index)
            index.searcher()
        except (ValueError, OSError) as error:
            raise IndexCorruptError(index_dir, _first_line(error)) from error
        return cls(index_dir, index)

    @classmethod
    def open_or_create(cls, index_dir: Path) -> IndexStore:
        if index_exists(index_dir):
            return cls.open(index_dir)
        index_dir.mkdir(parents=True, exist_ok=True)
        try:
            index = tantivy.Index(fields.build_schema(), path=str(index_dir), reuse=False)
        except (ValueError, OSError) as error:
            raise IndexCorruptError(index_dir, _first_line(error)) from error
        fields.register_analyzer(index)
        write_meta(index_dir, roots=[])
        return cls(index_dir, index)

    def writer(self) -> tantivy.IndexWriter:
        """The index's one writer. Files a killed run wrote but never committed are deleted first: the same
        changes made again write files of the same names (a segment's deletions are named after the segment
        and the operation count), and Tantivy refuses to overwrite one, which failed the next run."""
        try:
            writer = self.index.writer(heap_size=WRITER_HEAP_BYTES, num_threads=writer_threads())
            writer.garbage_collect_files()
            return writer
        except ValueError as error:
            if is_lock_busy(error):
                raise IndexBusyError(self.index_dir) from error
            raise IndexCorruptError(self.index_dir, _first_line(error)) from error

    def searcher(self) -> tantivy.Searcher:
        try:
            return self.index.searcher()
        except (ValueError, OSError) as error:
            raise IndexCorruptError(self.index_dir, _first_line(error)) from error

    def reload(self) -> None:
        try:
            self.index.reload()
        except (ValueError, OSError) as error:
            raise IndexCorruptError(self.index_dir, _first_line(error)) from error

    def term(self, field: str, value: str) -> tantivy.Query:
        return tantivy.Query.term_query(self.index.schema, field, value, index_option="basic")

    def both(self, first: tantivy.Query, second: tantivy.Query) -> tantivy.Query:
        return tantivy.Query.boolean_query([(tantivy.Occur.Must, first), (tantivy.Occur.Must, second)])

    def count(self, query: tantivy.Query) -> int:
        return hit_count(self.searcher(), query)

    def stored_docs(self, query: tantivy.Query) -> Iterator[tantivy.Document]:
        """Every stored document matching ``query`` (unordered), read from one consistent searcher."""
        searcher = self.searcher()
        total = hit_count(searcher, query)
        if not total:
            return
        try:
            for _score, address in searcher.search(query, limit=total, count=False).hits:
                yield searcher.doc(address)
        except (ValueError, OSError) as error:
            raise IndexCorruptError(self.index_dir, _first_line(error)) from error

    def manifest(self) -> dict[str, ManifestEntry]:
        """The file records of the last commit, by document ID, read from fast-field columns."""
        searcher = self.searcher()
        query = self.term(fields.KIND, fields.KIND_FILE)
        total = hit_count(searcher, query)
        if not total:
            return {}
        try:
            addresses = [address for _, address in searcher.search(query, limit=total, count=False).hits]
            columns = [
                searcher.fast_field_values(name, addresses)
                for name in (
                    fields.DOC_KEY,
                    fields.ROOT_KEY,
                    fields.SIZE,
                    fields.MODIFIED_NS,
                    fields.PASSAGES,
                )
            ]
        except (ValueError, OSError) as error:
            raise IndexCorruptError(self.index_dir, _first_line(error)) from error
        entries = (
            ManifestEntry(f"{key:012x}", root, size, fields.read_ns(mtime), passages)
            for key, root, size, mtime, passages in zip(*columns, strict=True)
        )
        return {entry.doc_id: entry for entry in entries}

    def content_hash(self, doc_id: str) -> str:
        """The stored content hash of one file record ("" if unknown)."""
        for doc in self.stored_docs(self.term(fields.ID, fields.file_record_id(doc_id))):
            return str(doc.get_first(fields.CONTENT_HASH) or "")
        return ""

    def file_facts(self, searcher: tantivy.Searcher, doc_ids: Iterable[str]) -> dict[str, FileFacts]:
        """Path and modified time of each document, from its file record: passages do not repeat
        them (see :func:`indexer.prepare.passage_lines`). One query for all of a result page."""
        wanted = list(dict.fromkeys(doc_ids))
        if not wanted:
            return {}
        query = tantivy.Query.boolean_query(
            [(tantivy.Occur.Should, self.term(fields.ID, fields.file_record_id(doc_id))) for doc_id in wanted]
        )
        facts = {}
        for _score, address in searcher.search(query, limit=len(wanted), count=False).hits:
            record = searcher.doc(address)
            doc_id = str(record.get_first(fields.DOC_ID) or "")
            facts[doc_id] = FileFacts(
                path=str(record.get_first(fields.PATH) or ""),
                modified_at=from_ns(int(record.get_first(fields.MODIFIED_NS) or 0)),
            )
        return facts

    def roots(self) -> list[RootInfo]:
        """Indexed folders with counts summed from their file records. (The pydantic result models are imported
        here, not with this module: an indexing run never lists roots, and pydantic would add 0.1 s to its start.)"""
        from indexer.results import RootInfo

        documents: Counter[int] = Counter()
        passages: Counter[int] = Counter()
        for entry in self.manifest().values():
            documents[entry.root_key] += 1
            passages[entry.root_key] += entry.passages
        infos = []
        for doc in self.stored_docs(self.term(fields.KIND, fields.KIND_ROOT)):
            root = str(doc.get_first(fields.ROOT))
            key = fields.root_key(root)
            updated_s = int(doc.get_first(fields.UPDATED_S) or 0)
            updated_at = datetime.fromtimestamp(updated_s, tz=UTC) if updated_s else None
            infos.append(
                RootInfo(path=root, documents=documents[key], passages=passages[key], updated_at=updated_at)
            )
        return sorted(infos, key=lambda info: info.path)


def hit_count(searcher: tantivy.Searcher, query: tantivy.Query) -> int:
    """How many documents match (``SearchResult.count`` is missing from tantivy's type stubs)."""
    result = searcher.search(query, limit=1, count=True)
    return int(getattr(result, "count", 0) or 0)


def _first_line(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0][:300]


def write_meta(index_dir: Path, roots: list[str]) -> None:
    """Carrel's sidecar: the schema version and the indexed roots (so `--rebuild` knows them even
    when Tantivy's files are too damaged to open). Written atomically."""
    temporary = index_dir / (META_FILE + ".tmp")
    temporary.write_text(json.dumps({"schema_version": fields.SCHEMA_VERSION, "roots": roots}))
    temporary.replace(index_dir / META_FILE)


def _meta_value(index_dir: Path, key: str) -> object:
    """One entry of the sidecar; raises OSError or ValueError when it is missing or not a JSON object."""
    meta = json.loads((index_dir / META_FILE).read_text())
    if not isinstance(meta, dict):
        raise ValueError(f"{META_FILE} is not a JSON object")
    return meta.get(key)


def read_meta_roots(index_dir: Path) -> list[str]:
    try:
        roots = _meta_value(index_dir, "roots") or []
    except (OSError, ValueError):
        return []
    return [root for root in roots if isinstance(root, str)] if isinstance(roots, list) else []


def written_by_older_version(index_dir: Path) -> bool:
    """True for an index an earlier Carrel wrote with an older schema: its content is derived from the
    user's files and its folders are remembered, so it can be rebuilt rather than refused. (An index from a
    newer Carrel is left alone.)"""
    try:
        version = _meta_value(index_dir, "schema_version")
    except (OSError, ValueError):
        return False
    return isinstance(version, int) and version < fields.SCHEMA_VERSION


def _check_meta(index_dir: Path) -> None:
    try:
        version = _meta_value(index_dir, "schema_version")
    except (OSError, ValueError) as error:
        raise IndexCorruptError(index_dir, f"{META_FILE} unreadable") from error
    if version != fields.SCHEMA_VERSION:
        raise IndexCorruptError(index_dir, f"schema version {version}, expected {fields.SCHEMA_VERSION}")
