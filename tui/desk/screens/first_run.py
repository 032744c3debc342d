"""The first run: no index yet, so offer the demo corpus (the Python reference topics) or a folder to index."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Markdown

from tui.desk.screens.folder_picker import FolderPickerScreen
from tui.desk.screens.indexing import IndexingScreen

WELCOME = """\
## Welcome to Carrel

Carrel answers questions from **your own documents**, offline: a small local model searches an index of them
and cites every passage it uses. There is no index yet. Start with one of these:

- **Demo corpus** — the Python language reference topics that ship inside Python itself (79 documents).
  Try: *What does the assert statement do?*
- **A folder** — Markdown, text, HTML and PDF files under a folder you choose.
"""


class FirstRunScreen(ModalScreen[None]):
    """Two choices; either ends in an indexing run, then the desk."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "demo", "Demo corpus"),
        Binding("f", "folder", "Pick a folder"),
        Binding("escape", "dismiss", "Skip"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="first-run-dialog", classes="dialog -compact"):
            yield Markdown(WELCOME, open_links=False)
            with Horizontal(id="first-run-choices"):
                yield Button("Build the demo corpus (d)", id="demo", variant="primary")
                yield Button("Pick a folder… (f)", id="folder")
        yield Footer()

    @on(Button.Pressed, "#demo")
    def action_demo(self) -> None:
        self.app.switch_screen(IndexingScreen([], demo_corpus=True))

    @on(Button.Pressed, "#folder")
    def action_folder(self) -> None:
        self.app.push_screen(FolderPickerScreen(), self._folder_chosen)

    def _folder_chosen(self, folder: Path | None) -> None:
        if folder is not None:
            self.app.switch_screen(IndexingScreen([folder]))
