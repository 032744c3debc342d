"""Read and extract files in worker processes, in order, with a bounded number in flight.

Extraction (HTML parsing, PDF text, gzip) is CPU-bound Python and C that holds the GIL, so it runs
in a process pool; the main process feeds Tantivy, whose writer indexes on its own threads. Only a
small window of batches is ever in flight, so memory stays bounded however large the corpus is.
Small runs are extracted inline: a handful of changed files, and a folder of up to INLINE_MAX_BYTES to extract
while other programs hold the cores, when workers would only take turns with them and cost more CPU (0.1 s on
the PostgreSQL manual, 0.7 s on the kernel documentation).
PDFs are the exception: PDFium is C code fed whatever the user's folder holds, so a run with a PDF in it
always extracts in workers, where a crash costs one file instead of the run.

A worker that dies (a parser crashing on a hostile file, the kernel's OOM killer) breaks the whole pool;
the run does not fail for it. The pool restarts and the files that were in flight are extracted again one
at a time, so a file that kills its worker again is identified, reported as failed, and skipped.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import os
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from corpus.documents import SkippedFile, SkipReason, SourceFile

if TYPE_CHECKING:
    # The process pool's modules (multiprocessing, concurrent.futures: 12 ms of CPU at start) are imported when
    # workers start; a run extracted inline never needs them.
    from concurrent.futures import Executor, Future

    from indexer.prepare import PrepareOutcome

FileTask = tuple[str, SourceFile]
ExecutorFactory = Callable[[int], "Executor"]

INLINE_MAX_FILES = 48
# Workers pay off when at least WORKER_CORES cores are free: two extracting processes then run at once. With
# fewer free (other programs running), they take turns with those programs, and a run given no worker count
# extracts inline instead unless its files hold more than INLINE_MAX_BYTES to extract (compressed files
# counted at GZIP_EXPANSION times their size). Decision 0084: on two cores, the PostgreSQL manual (18 MB of
# HTML) extracted inline took 0.68 s of CPU instead of 0.78 s, and wall time within 5% of the workers' beside
# a busy program (10-15% less beside the shared machine's other jobs); with both cores idle, workers took
# 0.44 s of wall time and inline 0.51 s. At twice the manual, inline was as fast beside other jobs. The kernel
# documentation (183 MB to extract) took 0.8 s less CPU inline than its workers' 9 s, in the same wall time at
# load 3-4 and up to 8% more at load 4-5, where workers take a larger share of the cores from the programs
# beside them (decision 0097). Beyond this bound a run is long enough that the cores may well come free while
# it runs, and workers would be faster.
WORKER_CORES = 2
INLINE_MAX_BYTES = 256_000_000
GZIP_EXPANSION = 3  # the kernel documentation's .gz files: 10 MB on disk, 29 MB read
# Inline, files are extracted a batch at a time before their documents go to Tantivy: handed over one file at
# a time, Tantivy's writer thread was woken for each, and the run took 0.05 s more CPU on the PostgreSQL
# manual (1,169 files). A batch stops early at INLINE_BATCH_BYTES so that memory stays bounded.
INLINE_BATCH_FILES = 64
INLINE_BATCH_BYTES = 8_000_000
# Kinds whose extraction runs in a C library that could crash on a hostile file: never extracted inline.
# PDFium reads PDFs; libxml2 (lxml) the Office and EPUB packages, expat ODF; mail may carry any of these.
ISOLATED_KINDS = frozenset({"pdf", "docx", "pptx", "odt", "epub", "eml", "mbox"})
# Files go to workers in batches of BATCH_FILES, or up to MAX_BATCH_FILES for a run long enough to give each
# worker RUN_BATCHES_PER_WORKER batches even so: every batch costs about 0.5 ms of CPU to send, take back and
# hand over between threads, and batches of 64 files took 0.25 s less CPU on the kernel documentation (720
# batches -> 180) for the same wall time. Small batches keep short runs quick to start and to finish.
BATCH_FILES = 16
MAX_BATCH_FILES = 64
RUN_BATCHES_PER_WORKER = 32
BATCHES_PER_WORKER = 4
PARENT_CHECK_INTERVAL_S = 0.5


def default_workers() -> int:
    return max(1, min(4, os.cpu_count() or 1))


def others_running() -> int:
    """Threads of other processes running or ready to run right now (/proc/loadavg's count of runnable
    threads, less the one reading it); 0 where it cannot be told. A snapshot: a program that keeps a core
    busy is always counted, a brief one only sometimes."""
    try:
        running = Path("/proc/loadavg").read_text(encoding="ascii").split()[3].partition("/")[0]
        return max(0, int(running) - 1)
    except (OSError, IndexError, ValueError):
        return 0


def workers_can_start() -> bool:
    """False when the program's main module names a file that does not exist (a script piped to
    ``python -``): multiprocessing's workers re-import it by path, so every one would die at start and
    each file would look like it crashed its worker. Extraction then runs inline."""
    main_path = getattr(sys.modules.get("__main__"), "__file__", None)
    return main_path is None or Path(main_path).exists()


def exit_with_parent(parent_pid: int) -> None:
    """Worker initializer: exit when the indexing process is gone. After a ``kill -9`` of the
    parent, pool workers would otherwise wait on their task queue forever (each holds a copy of
    the queue's write end, so they never see end-of-file)."""

    def watch() -> None:
        while True:
            time.sleep(PARENT_CHECK_INTERVAL_S)
            if not process_alive(parent_pid):
                os._exit(1)

    threading.Thread(target=watch, name="carrel-parent-watch", daemon=True).start()


def process_alive(pid: int) -> bool:
    """True while ``pid`` runs. A killed process its own parent has not reaped yet is a zombie: signal 0
    still reaches it, so on Linux its /proc state is read too ('Z' counts as gone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return True
    return stat.rpartition(")")[2].split()[:1] != ["Z"]


def prepare_one(doc_id: str, source: SourceFile, max_bytes: int) -> PrepareOutcome:
    """One file extracted and encoded. The extraction code is imported on first use, not with this module: the
    workers' fork server preloads it, and the indexing process itself only needs it for a small run extracted
    inline (importing every reader cost it 0.05 s of CPU at start, in every run)."""
    from indexer.prepare import prepare_file

    return prepare_file(doc_id, source, max_bytes)


def prepare_batch(batch: Sequence[FileTask], max_bytes: int) -> list[PrepareOutcome]:
    return [prepare_one(doc_id, source, max_bytes) for doc_id, source in batch]


def warm_up() -> None:
    """Sent to each worker as soon as it starts. Doing nothing is enough: to run it a worker started by the
    fork server imports this module and with it the extraction libraries, while the indexing process is
    still walking."""


def start_worker(parent_pid: int, inherited_fds: Sequence[int]) -> None:
    """Worker initializer: close what a forked worker inherited but must not hold (the run lock: a worker
    outliving a killed run would keep the index busy), then watch the indexing process."""
    for fd in inherited_fds:
        with contextlib.suppress(OSError):
            os.close(fd)
    exit_with_parent(parent_pid)


def single_threaded() -> bool:
    """True when this process runs exactly one thread (Linux's /proc/self/task): the one state in which
    forking is safe, since no other thread can hold a lock the child would inherit locked. False where it
    cannot be told."""
    try:
        return len(list(Path("/proc/self/task").iterdir())) == 1
    except OSError:
        return False


def planned_bytes(source: SourceFile) -> int:
    """An estimate of the bytes extraction will read from ``source`` once decompressed."""
    return source.size * GZIP_EXPANSION if source.compressed else source.size


def process_executor(workers: int, private_fds: Sequence[int] = ()) -> Executor:
    """Extraction workers: forked from this process when it runs no other thread (a first build starts
    them before the index is opened), else from a fork server. Forking is the cheaper of the two: the
    server is one more interpreter that imports the extraction code again (about 0.1 s of CPU, with the
    resource tracker it needs), and the workers wait for it before the first file. But forking a
    process that runs threads - Tantivy's, or the desk's - can deadlock the child."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    if single_threaded():
        importlib.import_module("indexer.prepare")  # once here, not in every worker after the fork
        forked = multiprocessing.get_context("fork")
        return ProcessPoolExecutor(
            max_workers=workers,
            mp_context=forked,
            initializer=start_worker,
            initargs=(os.getpid(), tuple(private_fds)),
        )
    served = multiprocessing.get_context("forkserver")
    # The server imports the extraction code once and each worker is forked from it ready to work, instead
    # of every worker importing it again while the run waits (the server starts once per process, so this
    # applies from the first pool on; "__main__" is multiprocessing's own default). Its workers inherit no
    # descriptor of this process, so they have none to close.
    served.set_forkserver_preload(["__main__", __name__, "indexer.prepare"])
    return ProcessPoolExecutor(
        max_workers=workers, mp_context=served, initializer=start_worker, initargs=(os.getpid(), ())
    )


class ExtractionPool:
    """Worker processes for extraction, started only once a run turns out to need them.

    The indexing run calls :meth:`expect` as it finds files to read; as soon as more than INLINE_MAX_FILES
    files need reading, the workers start. With ``workers`` not given, a run that finds fewer than WORKER_CORES
    cores free starts them only for more than ``inline_max_bytes`` (INLINE_MAX_BYTES) to extract. A run with only
    a few changed files never starts them. ``private_fds`` are descriptors of this process that forked workers
    must close.
    """

    def __init__(
        self,
        workers: int | None = None,
        executor_factory: ExecutorFactory | None = None,
        private_fds: Sequence[int] = (),
        inline_max_bytes: int | None = None,
    ) -> None:
        wanted = default_workers() if workers is None else workers
        self.inline_max_bytes = INLINE_MAX_BYTES if inline_max_bytes is None else inline_max_bytes
        self.workers = wanted if workers_can_start() else 1
        self.choose_by_load = workers is None
        # Other programs' runnable threads, read when the run starts and again when the choice is made: the
        # fewer of the two, so that a program busy for a moment is not taken for one that holds a core.
        self._others_at_start = others_running() if self.choose_by_load else 0
        self._others_running: int | None = None
        self._executor_factory = executor_factory or functools.partial(
            process_executor, private_fds=private_fds
        )
        self._executor: Executor | None = None

    def __enter__(self) -> ExtractionPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop the workers (waiting for a batch in progress); the pool can start again later."""
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None

    def expect(self, files: int, planned: int, *, isolated: bool = False) -> None:
        """``files`` files holding ``planned`` bytes to extract (:func:`planned_bytes`) are known to need
        reading so far (``isolated``: one of them must never be read inline): start the workers if that is
        enough."""
        if self._executor is None and self.workers > 1 and (isolated or self._workers_pay(files, planned)):
            self._start()

    def _workers_pay(self, files: int, planned: int) -> bool:
        """Whether ``files`` files holding ``planned`` bytes to extract are worth starting workers for: more
        than a handful, and, for a run given no worker count, either WORKER_CORES cores free or more than
        ``inline_max_bytes`` to extract."""
        if files <= INLINE_MAX_FILES:
            return False
        if not self.choose_by_load or planned > self.inline_max_bytes:
            return True
        if self._others_running is None:
            self._others_running = min(self._others_at_start, others_running())
        return (os.cpu_count() or 1) - self._others_running >= WORKER_CORES

    def expect_files(self, sources: Sequence[SourceFile]) -> None:
        """All of ``sources`` will need reading: start the workers if that is enough."""
        self.expect(
            len(sources),
            sum(planned_bytes(source) for source in sources),
            isolated=any(source.kind in ISOLATED_KINDS for source in sources),
        )

    def prepare_all(self, tasks: Sequence[FileTask], max_bytes: int) -> Iterator[PrepareOutcome]:
        """Yield each file (document ID, source) prepared for Tantivy, in the order given."""
        self.expect_files([source for _, source in tasks])
        if self._executor is None:
            for batch in _inline_batches(tasks):
                yield from prepare_batch(batch, max_bytes)
            return
        yield from self._prepare_in_workers(tasks, max_bytes)

    def _prepare_in_workers(self, tasks: Sequence[FileTask], max_bytes: int) -> Iterator[PrepareOutcome]:
        from concurrent.futures.process import BrokenProcessPool

        done = 0
        while done < len(tasks):
            batch_files = _batch_files(len(tasks) - done, self.workers)
            try:
                for outcome in _prepare_in_pool(
                    self._started(), tasks[done:], max_bytes, self.workers, batch_files
                ):
                    yield outcome
                    done += 1
            except BrokenProcessPool:
                in_flight = tasks[done : done + _batches_in_flight(self.workers) * batch_files]
                for outcome in self._one_by_one(in_flight, max_bytes):
                    yield outcome
                    done += 1

    def _one_by_one(self, tasks: Sequence[FileTask], max_bytes: int) -> Iterator[PrepareOutcome]:
        """After a worker died: each file that was in flight alone, on a fresh pool, so the one that kills
        its worker again is the one reported (as failed, with the reason)."""
        from concurrent.futures.process import BrokenProcessPool

        self._restart()
        for doc_id, source in tasks:
            try:
                yield self._started().submit(prepare_one, doc_id, source, max_bytes).result()
            except BrokenProcessPool:
                self._restart()
                yield SkippedFile(source.path, SkipReason.WORKER_CRASHED)

    def _start(self) -> Executor:
        executor = self._executor = self._executor_factory(self.workers)
        for _ in range(self.workers):
            executor.submit(warm_up)
        return executor

    def _started(self) -> Executor:
        return self._executor or self._start()

    def _restart(self) -> None:
        """A broken pool cannot run anything more: shut it down without waiting, then start afresh."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        self._start()


def _inline_batches(tasks: Sequence[FileTask]) -> Iterator[Sequence[FileTask]]:
    """``tasks`` cut into batches of at most INLINE_BATCH_FILES files and, unless one file alone is larger,
    INLINE_BATCH_BYTES planned bytes."""
    start, planned = 0, 0
    for end, (_, source) in enumerate(tasks, start=1):
        planned += planned_bytes(source)
        if end - start >= INLINE_BATCH_FILES or planned >= INLINE_BATCH_BYTES:
            yield tasks[start:end]
            start, planned = end, 0
    if start < len(tasks):
        yield tasks[start:]


def _batch_files(files: int, workers: int) -> int:
    """Files per batch sent to workers for a run of ``files`` files."""
    return max(BATCH_FILES, min(MAX_BATCH_FILES, files // (workers * RUN_BATCHES_PER_WORKER)))


def _batches_in_flight(workers: int) -> int:
    return workers * BATCHES_PER_WORKER


def _prepare_in_pool(
    pool: Executor, tasks: Sequence[FileTask], max_bytes: int, workers: int, batch_files: int
) -> Iterator[PrepareOutcome]:
    batches = (tasks[start : start + batch_files] for start in range(0, len(tasks), batch_files))
    in_flight: deque[Future[list[PrepareOutcome]]] = deque()
    try:
        for batch in batches:
            in_flight.append(pool.submit(prepare_batch, batch, max_bytes))
            if len(in_flight) >= _batches_in_flight(workers):
                yield from in_flight.popleft().result()
        while in_flight:
            yield from in_flight.popleft().result()
    finally:
        for future in in_flight:
            future.cancel()
