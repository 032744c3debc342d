"""An indexing run on screen: a progress bar, the file being read, then the summary and every per-file failure.

The run happens in a thread worker (``indexer.build.index_folders`` through the services); Escape / Cancel sets
a flag the indexer checks between files, so a cancelled run still commits what it finished and says so.
"""

from __future__ import annotations

import threading
from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import ProgressBar, Static

from indexer.errors import IndexProblem
from indexer.summary import IndexProgress, IndexSummary
from tui.desk.formatting import display_path
from tui.desk.services import services_of


def summary_text(summary: IndexSummary) -> Content:
    """One line a user can check: what changed, what the index holds now, how long it took."""
    state = "cancelled — finished files were kept" if summary.cancelled else "done"
    return Content.from_markup(
        "[b]$state[/b]: $added added, $updated updated, $unchanged unchanged, $removed removed · "
        "index holds $documents documents, $passages passages · $seconds s",
        state=state,
        added=summary.added,
        updated=summary.updated,
        unchanged=summary.unchanged,
        removed=summary.removed,
        documents=summary.documents,
        passages=summary.passages,
        seconds=f"{summary.seconds:.1f}",
    )


class IndexRunPanel(Vertical):
    """Runs one indexing job and shows it; posts ``Finished`` when it is over (done, cancelled or failed)."""

    DEFAULT_CLASSES = "index-run"

    class ProgressReported(Message):
        """A progress tick from the indexer (posted from the worker thread)."""

        def __init__(self, progress: IndexProgress) -> None:
            super().__init__()
            self.progress = progress

    class Finished(Message):
        """The run ended; ``summary`` is None when it failed, and ``error`` then says why."""

        def __init__(self, summary: IndexSummary | None, error: str = "") -> None:
            super().__init__()
            self.summary = summary
            self.error = error

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._cancel = threading.Event()
        self.running = False
        self.summary: IndexSummary | None = None

    def compose(self) -> ComposeResult:
        yield ProgressBar(total=None, show_eta=False, id="index-progress")
        yield Static("", id="index-stage")
        yield Static("", id="index-summary")
        yield VerticalScroll(id="index-failures")

    def start(self, roots: list[Path], *, demo_corpus: bool = False) -> None:
        """Index ``roots`` (with ``demo_corpus``, first write the demo corpus and index it too)."""
        self._cancel.clear()
        self.display = True
        self.running = True
        self.summary = None
        self.query_one("#index-summary", Static).update("")
        self.query_one("#index-failures", VerticalScroll).remove_children()
        self.query_one("#index-stage", Static).update("starting…")
        self._run(list(roots), demo_corpus)

    def cancel(self) -> None:
        if self.running:
            self._cancel.set()
            self.query_one("#index-stage", Static).update("cancelling after the current file…")

    @work(thread=True, exclusive=True, exit_on_error=False, group="index")
    def _run(self, roots: list[Path], demo_corpus: bool) -> None:
        services = services_of(self.app)
        try:
            if demo_corpus:
                roots = [*roots, services.write_demo_corpus()]
            summary = services.index_folders(
                roots, on_progress=self._report, should_cancel=self._cancel.is_set
            )
        except (IndexProblem, OSError) as error:
            self.post_message(self.Finished(None, str(error)))
            return
        self.post_message(self.Finished(summary))

    def _report(self, tick: IndexProgress) -> None:
        """Called by the indexer in the worker thread: hand the tick to the UI thread."""
        self.post_message(self.ProgressReported(tick))

    @on(ProgressReported)
    def _progress(self, message: ProgressReported) -> None:
        tick = message.progress
        bar = self.query_one(ProgressBar)
        bar.update(total=max(tick.files_total, 1), progress=tick.files_done)
        where = display_path(tick.path) if tick.path else ""
        self.query_one("#index-stage", Static).update(
            Content.from_markup(
                "$stage $done/$total [dim]$where[/]",
                stage=tick.stage,
                done=tick.files_done,
                total=tick.files_total,
                where=where,
            )
        )

    @on(Finished)
    async def _finished(self, message: Finished) -> None:
        self.running = False
        self.summary = message.summary
        stage = self.query_one("#index-stage", Static)
        if message.summary is None:
            stage.update(Content.from_markup("[$error]indexing failed[/]: $e", e=message.error))
            return
        summary = message.summary
        stage.update("")
        bar = self.query_one(ProgressBar)
        bar.update(total=max(bar.total or 1, 1), progress=bar.total or 1)
        self.query_one("#index-summary", Static).update(summary_text(summary))
        await self._show_failures(summary)

    async def _show_failures(self, summary: IndexSummary) -> None:
        problems = [*summary.failed, *summary.skipped_files]
        failures = self.query_one("#index-failures", VerticalScroll)
        lines = [
            Static(
                Content.from_markup("[$warning]$path[/]: $reason", path=display_path(p.path), reason=p.reason)
            )
            for p in problems
        ]
        if lines:
            await failures.mount(
                Static(f"{len(problems)} files not indexed:", classes="failures-title"), *lines
            )
