"""``carrel PATH``: index the named folders (incrementally) before the desk opens on them."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from tui.desk.formatting import display_path
from tui.desk.widgets.indexing import IndexRunPanel


class IndexingScreen(ModalScreen[None]):
    """Shows the run; Escape cancels it, and once it is over Enter or Escape opens the desk."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel_or_close", "Cancel / close"),
        Binding("enter", "close", "Open the desk", show=False),
    ]

    def __init__(self, roots: list[Path], *, demo_corpus: bool = False) -> None:
        super().__init__()
        self.roots = roots
        self.demo_corpus = demo_corpus

    def compose(self) -> ComposeResult:
        names = ", ".join(display_path(root) for root in self.roots) or "the demo corpus"
        with Vertical(id="indexing-dialog", classes="dialog -compact") as dialog:
            dialog.border_title = "Indexing"
            yield Static(
                Content.from_markup("Indexing [b]$names[/b] — only changed files are read.", names=names)
            )
            yield IndexRunPanel(id="index-run")
            yield Static("", id="indexing-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(IndexRunPanel).start(self.roots, demo_corpus=self.demo_corpus)

    @on(IndexRunPanel.Finished)
    def _finished(self, message: IndexRunPanel.Finished) -> None:
        hint = "Press Enter to open the desk." if message.summary else "Press Escape to go back."
        self.query_one("#indexing-hint", Static).update(hint)

    def action_cancel_or_close(self) -> None:
        panel = self.query_one(IndexRunPanel)
        if panel.running:
            panel.cancel()
        else:
            self.dismiss()

    def action_close(self) -> None:
        if not self.query_one(IndexRunPanel).running:
            self.dismiss()
