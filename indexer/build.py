"""Index folders into Tantivy incrementally: the entry point for ``carrel index`` and the TUI.

A run walks the roots, compares each file's size and mtime with the manifest (file records stored
in the index itself), reads only new or changed files, replaces their passages, deletes passages of
files that disappeared, and makes exactly one commit. Until that commit, searches see the previous
state; if the run is killed, the previous commit is what remains.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import tantivy

from corpus.documents import SkippedFile, SkipReason, SourceFile
from corpus.walk import DEFAULT_MAX_BYTES, WalkEntry, absolute_path, walk_root
from indexer import schema as fields
from indexer.errors import RootFolderError
from indexer.pipeline import ExtractionPool, planned_bytes
from indexer.store import (
    IndexStore,
    ManifestEntry,
    index_exists,
    read_meta_roots,
    run_lock,
    wipe_index,
    write_meta,
    written_by_older_version,
)
from indexer.summary import FileProblem, IndexProgress, IndexSummary
from indexer.text import display_path

if TYPE_CHECKING:
    from indexer.prepare import PrepareOutcome
    from indexer.results import RootInfo  # pydantic: loaded only by those who list the roots

ProgressCallback = Callable[[IndexProgress], None]
CancelCheck = Callable[[], bool]

QUIET_REASONS = frozenset({SkipReason.UNSUPPORTED, SkipReason.HIDDEN})
# A reader's verdicts that are not failures: the file was read and holds nothing to index (a scanned PDF
# without a text layer). They are reported with the walk's skips, counted by reason.
READ_BUT_EMPTY = frozenset({SkipReason.NO_TEXT_LAYER, SkipReason.NO_TEXT})
SCAN_TICK = 500


def document_id(root_key: str, relative: str) -> str:
    """Stable: the same file under the same root always gets the same 12-hex-digit ID."""
    digest = hashlib.blake2b(root_key.encode("utf-8", "surrogateescape"), digest_size=6)
    digest.update(b"\0" + os.fsencode(relative))
    return digest.hexdigest()


def checked_root(root: Path) -> Path:
    absolute = absolute_path(root)
    if not absolute.exists():
        raise RootFolderError(absolute, "no such folder")
    if not absolute.is_dir():
        raise RootFolderError(absolute, "not a folder (give the folder that contains it)")
    return absolute


def index_folders(
    roots: Sequence[Path],
    index_dir: Path,
    *,
    on_progress: ProgressCallback | None = None,
    should_cancel: CancelCheck | None = None,
    rebuild: bool = False,
    max_bytes: int = DEFAULT_MAX_BYTES,
    workers: int | None = None,
    inline_max_bytes: int | None = None,
) -> IndexSummary:
    """Add or refresh ``roots`` in the index at ``index_dir`` (created if missing) and commit once.

    With ``rebuild`` the index is wiped first, and with no ``roots`` it re-indexes the folders it
    held before. An index written by an older Carrel (older schema) is rebuilt the same way, keeping
    the folders it held that still exist. Raises IndexBusyError when another run holds the index,
    RootFolderError for a bad root, IndexCorruptError when the index cannot be opened (``rebuild``
    recovers). ``inline_max_bytes``: the most a run given no worker count extracts in this process while other
    programs hold the cores (None: indexer.pipeline.INLINE_MAX_BYTES).
    """
    started = time.perf_counter()
    with run_lock(index_dir) as lock_fd:
        upgrade = not rebuild and written_by_older_version(index_dir)
        if rebuild or upgrade:
            roots = _roots_to_rebuild(roots, index_dir, keep_all_remembered=upgrade)
        root_paths = [checked_root(Path(root)) for root in roots]
        if rebuild or upgrade:
            wipe_index(index_dir)
        report = on_progress or _no_progress
        with ExtractionPool(workers, private_fds=(lock_fd,), inline_max_bytes=inline_max_bytes) as pool:
            root_keys = [display_path(root) for root in root_paths]
            found = walk_roots(root_paths, root_keys, max_bytes, report)
            if not index_exists(index_dir):
                # A first build reads every file it found, so its workers can start now, before the index is
                # opened: this process runs no Tantivy thread yet, and they are forked from it ready to work.
                pool.expect_files([entry for _, entry in found if isinstance(entry, SourceFile)])
            store = IndexStore.open_or_create(index_dir)
            summary = IndexRun(store, pool, report, should_cancel, max_bytes).execute(root_keys, found)
    return dataclasses.replace(summary, seconds=round(time.perf_counter() - started, 3))


def _no_progress(progress: IndexProgress) -> None:
    """The progress callback of a run nobody watches."""


def walk_roots(
    roots: list[Path], root_keys: list[str], max_bytes: int, on_progress: ProgressCallback
) -> list[tuple[str, WalkEntry]]:
    """Every entry under the roots (files found and entries refused), each with its root's key. The walk
    runs before the index is opened: see :func:`index_folders`."""
    found: list[tuple[str, WalkEntry]] = []
    for root, root_key in zip(roots, root_keys, strict=True):
        for entry in walk_root(root, max_bytes=max_bytes):
            found.append((root_key, entry))
            if len(found) % SCAN_TICK == 0:
                on_progress(IndexProgress(stage="scanning", files_done=len(found), files_total=0))
    return found


def _roots_to_rebuild(roots: Sequence[Path], index_dir: Path, *, keep_all_remembered: bool) -> list[Path]:
    """The folders a rebuild indexes: those given, else those remembered beside the index; an upgrade
    keeps every remembered folder that still exists as well, so indexing one folder loses no other."""
    remembered = [Path(root) for root in read_meta_roots(index_dir)]
    if not keep_all_remembered:
        return list(roots) or remembered
    given = [absolute_path(Path(root)) for root in roots]
    return given + [root for root in remembered if root.is_dir() and root not in given]


def remove_root(index_dir: Path, root: Path) -> IndexSummary:
    """Drop every document of one indexed folder from the index (the folder itself is untouched)."""
    started = time.perf_counter()
    with run_lock(index_dir):
        store = IndexStore.open(index_dir)
        root_key = display_path(absolute_path(root))
        key = fields.root_key(root_key)
        doomed = [entry.doc_id for entry in store.manifest().values() if entry.root_key == key]
        writer = store.writer()
        try:
            for doc_id in doomed:
                writer.delete_documents_by_term(fields.DOC_ID, doc_id)
            writer.delete_documents_by_term(fields.ID, f"root:{root_key}")
            writer.commit()
        except BaseException:
            writer.rollback()
            raise
        finally:
            writer.wait_merging_threads()
        store.reload()
        remaining = [info.path for info in store.roots()]
        write_meta(index_dir, remaining)
        summary = totals(store, IndexSummary(removed=len(doomed)))
    return dataclasses.replace(summary, seconds=round(time.perf_counter() - started, 3))


def list_roots(index_dir: Path) -> list[RootInfo]:
    """The indexed folders with document/passage counts and last update; empty if no index yet."""
    if not index_exists(index_dir):
        return []
    return IndexStore.open(index_dir).roots()


def totals(store: IndexStore, summary: IndexSummary) -> IndexSummary:
    kind = fields.KIND
    return dataclasses.replace(
        summary,
        documents=store.count(store.term(kind, fields.KIND_FILE)),
        passages=store.count(store.term(kind, fields.KIND_PASSAGE)),
    )


class IndexRun:
    """One indexing run: scan, load changed files, write, commit. Holds the per-run counters."""

    def __init__(
        self,
        store: IndexStore,
        pool: ExtractionPool,
        on_progress: ProgressCallback,
        should_cancel: CancelCheck | None,
        max_bytes: int,
    ) -> None:
        self.store = store
        self.pool = pool
        self.on_progress = on_progress
        self.should_cancel = should_cancel or (lambda: False)
        self.max_bytes = max_bytes
        self.counts: Counter[str] = Counter()
        self.skipped: Counter[str] = Counter()
        self.kinds: Counter[str] = Counter()
        self.skipped_files: list[FileProblem] = []
        self.failed: list[FileProblem] = []
        self.cancelled = False

    def execute(self, root_keys: list[str], found: list[tuple[str, WalkEntry]]) -> IndexSummary:
        manifest = self.store.manifest()
        walked_keys = {fields.root_key(root_key) for root_key in root_keys}
        to_load, seen = self.scan(found, manifest, self.pool.expect)
        gone = [
            entry.doc_id
            for entry in manifest.values()
            if entry.root_key in walked_keys and entry.doc_id not in seen
        ]
        self.write_and_commit(self.pool, to_load, manifest, gone, root_keys)
        self.store.reload()
        write_meta(self.store.index_dir, sorted({*read_meta_roots(self.store.index_dir), *root_keys}))
        return totals(self.store, self.summary())

    def write_and_commit(
        self,
        pool: ExtractionPool,
        to_load: list[tuple[str, SourceFile]],
        manifest: dict[str, ManifestEntry],
        gone: list[str],
        root_keys: list[str],
    ) -> None:
        """Everything between opening the writer and the one commit; any failure rolls back."""
        writer = self.store.writer()
        try:
            self.write(writer, pool, to_load, manifest, gone)
            pool.close()  # the workers' memory is free again before Tantivy writes the segments
            self.write_roots(writer, root_keys)
            self.on_progress(
                IndexProgress(stage="committing", files_done=len(to_load), files_total=len(to_load))
            )
            writer.commit()
        except BaseException:
            writer.rollback()
            raise
        finally:
            writer.wait_merging_threads()

    def summary(self) -> IndexSummary:
        return IndexSummary(
            added=self.counts["added"],
            updated=self.counts["updated"],
            unchanged=self.counts["unchanged"],
            removed=self.counts["removed"],
            skipped=dict(sorted(self.skipped.items())),
            skipped_files=self.skipped_files,
            failed=self.failed,
            read_by_kind=dict(sorted(self.kinds.items())),
            cancelled=self.cancelled,
        )

    def scan(
        self,
        found: list[tuple[str, WalkEntry]],
        manifest: dict[str, ManifestEntry],
        on_to_load: Callable[[int, int], None],
    ) -> tuple[list[tuple[str, SourceFile]], set[str]]:
        """Sort what the walk found: return the files to (re)load with their IDs, and every ID still
        present (files in the manifest but not among these disappeared and are deleted). ``on_to_load``
        hears the running count of files to load and of their bytes to extract, so extraction workers can
        start as soon as enough do."""
        to_load: list[tuple[str, SourceFile]] = []
        unchanged: set[str] = set()
        planned = 0
        for root_key, entry in found:
            if isinstance(entry, SkippedFile):
                self.skip(entry)
                continue
            doc_id = document_id(root_key, entry.relative)
            known = manifest.get(doc_id)
            if known is not None and (known.size, known.mtime_ns) == (entry.size, entry.mtime_ns):
                unchanged.add(doc_id)
                self.counts["unchanged"] += 1
            else:
                to_load.append((doc_id, entry))
                planned += planned_bytes(entry)
                on_to_load(len(to_load), planned)
        return to_load, unchanged | {doc_id for doc_id, _ in to_load}

    def skip(self, entry: SkippedFile) -> None:
        self.skipped[entry.reason.value] += 1
        if entry.reason not in QUIET_REASONS:
            self.skipped_files.append(FileProblem(path=display_path(entry.path), reason=_reason_text(entry)))

    def write(
        self,
        writer: tantivy.IndexWriter,
        pool: ExtractionPool,
        to_load: list[tuple[str, SourceFile]],
        manifest: dict[str, ManifestEntry],
        gone: Iterable[str],
    ) -> None:
        for doc_id in gone:
            writer.delete_documents_by_term(fields.DOC_ID, doc_id)
            self.counts["removed"] += 1
        outcomes = pool.prepare_all(to_load, self.max_bytes)
        for done, ((doc_id, source), outcome) in enumerate(zip(to_load, outcomes, strict=False), start=1):
            self.apply(writer, doc_id, source, outcome, manifest.get(doc_id))
            self.on_progress(IndexProgress(stage="indexing", files_done=done, files_total=len(to_load)))
            if self.should_cancel():
                self.cancelled = True
                break

    def apply(
        self,
        writer: tantivy.IndexWriter,
        doc_id: str,
        source: SourceFile,
        outcome: PrepareOutcome,
        known: ManifestEntry | None,
    ) -> None:
        if known is not None:
            writer.delete_documents_by_term(fields.DOC_ID, doc_id)
        if isinstance(outcome, SkippedFile):
            if outcome.reason in READ_BUT_EMPTY:
                self.skip(outcome)
            else:
                self.failed.append(FileProblem(path=display_path(outcome.path), reason=_reason_text(outcome)))
            self.counts["removed" if known is not None else "failed"] += 1
            return
        try:
            for document in outcome.json_documents():
                writer.add_json(document)
        except ValueError as error:
            self.refused_by_index(writer, doc_id, source, known, error)
            return
        self.kinds[source.kind] += 1
        if known is None:
            self.counts["added"] += 1
        else:
            same = self.store.content_hash(doc_id) == outcome.content_hash
            self.counts["unchanged" if same else "updated"] += 1

    def refused_by_index(
        self,
        writer: tantivy.IndexWriter,
        doc_id: str,
        source: SourceFile,
        known: ManifestEntry | None,
        error: ValueError,
    ) -> None:
        """Tantivy refused one of the file's documents: drop the ones it took (a delete in the same
        commit covers documents added before it) and report the file, instead of failing the run."""
        writer.delete_documents_by_term(fields.DOC_ID, doc_id)
        reason = f"the index refused it: {str(error).splitlines()[0][:200]}"
        self.failed.append(FileProblem(path=display_path(source.path), reason=reason))
        self.counts["removed" if known is not None else "failed"] += 1

    def write_roots(self, writer: tantivy.IndexWriter, root_keys: list[str]) -> None:
        now = int(datetime.now(tz=UTC).timestamp())
        for root_key in root_keys:
            record_id = f"root:{root_key}"
            writer.delete_documents_by_term(fields.ID, record_id)
            record = {
                fields.KIND: fields.KIND_ROOT,
                fields.ID: record_id,
                fields.ROOT: root_key,
                fields.UPDATED_S: now,
            }
            writer.add_document(tantivy.Document.from_dict(record, self.store.index.schema))


def _reason_text(entry: SkippedFile) -> str:
    return f"{entry.reason.value} ({entry.detail})" if entry.detail else entry.reason.value
