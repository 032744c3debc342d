"""Library: the indexed folders with their document and passage counts and last update; add, re-index, remove."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from indexer.errors import IndexProblem
from indexer.results import RootInfo
from tui.desk.formatting import count, display_path, relative_time
from tui.desk.screens.folder_picker import FolderPickerScreen
from tui.desk.services import services_of
from tui.desk.widgets.indexing import IndexRunPanel


def root_row(root: RootInfo, now: datetime) -> tuple[Text, ...]:
    """Cells as plain Text: a folder name may hold brackets that are not markup."""
    updated = relative_time(root.updated_at, now) if root.updated_at else "never"
    cells = (display_path(root.path), count(root.documents), count(root.passages), updated)
    return tuple(Text(cell) for cell in cells)


class LibraryScreen(Screen[None]):
    """Folders in the index. Indexing runs below the table, with its progress and failures."""

    IS_PAGE: ClassVar[bool] = True  # Library, History and Settings replace each other instead of stacking

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back / cancel"),
        Binding("a", "add", "Add folder"),
        Binding("r", "reindex", "Re-index"),
        Binding("R", "reindex_all", "Re-index all", key_display="shift+r"),
        Binding("x", "remove", "Remove"),
    ]

    class LibraryLoaded(Message):
        def __init__(self, roots: list[RootInfo], error: str = "") -> None:
            super().__init__()
            self.roots = roots
            self.error = error

    def __init__(self) -> None:
        super().__init__()
        self.roots: list[RootInfo] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(classes="page"):
            yield Static("Indexed folders. Re-indexing reads only files that changed.", classes="page-intro")
            yield DataTable(id="library-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="library-note")
            yield IndexRunPanel(id="library-run")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "library"
        self.query_one(DataTable).add_columns("folder", "documents", "passages", "last update")
        self.load_library()

    @work(thread=True, exclusive=True, exit_on_error=False, group="library")
    def load_library(self) -> None:
        try:
            self.post_message(self.LibraryLoaded(services_of(self.app).library()))
        except IndexProblem as error:
            self.post_message(self.LibraryLoaded([], str(error)))

    @on(LibraryLoaded)
    def _library_loaded(self, message: LibraryLoaded) -> None:
        """Refill the table, keeping the cursor on the folder it was on."""
        selected = self.selected_root()
        self.roots = message.roots
        now = services_of(self.app).clock()
        table = self.query_one(DataTable)
        table.clear()
        for root in message.roots:
            table.add_row(*root_row(root, now), key=root.path)
        paths = [Path(root.path) for root in message.roots]
        if selected in paths:
            table.move_cursor(row=paths.index(selected))
        note = message.error or ("" if message.roots else "No folders yet: press a to add one.")
        self.query_one("#library-note", Static).update(Content(note))
        table.focus()

    @property
    def busy(self) -> bool:
        """An index run is on: leaving for another page must not close this one (and its run)."""
        return self.query_one(IndexRunPanel).running

    def selected_root(self) -> Path | None:
        table = self.query_one(DataTable)
        if not self.roots or table.cursor_row < 0 or table.cursor_row >= len(self.roots):
            return None
        return Path(self.roots[table.cursor_row].path)

    def _start(self, roots: list[Path]) -> None:
        panel = self.query_one(IndexRunPanel)
        if panel.running:
            self.notify("Indexing is already running; Escape cancels it.", severity="warning")
            return
        panel.start(roots)

    def action_add(self) -> None:
        self.app.push_screen(FolderPickerScreen(Path.cwd()), self._folder_chosen)

    def _folder_chosen(self, folder: Path | None) -> None:
        if folder is not None:
            self._start([folder])

    def action_reindex(self) -> None:
        root = self.selected_root()
        if root is None:
            self.notify("Select a folder first (or press a to add one).", severity="warning")
            return
        self._start([root])

    def action_reindex_all(self) -> None:
        if self.roots:
            self._start([Path(root.path) for root in self.roots])

    def action_remove(self) -> None:
        root = self.selected_root()
        if root is None or self.query_one(IndexRunPanel).running:
            return
        self.remove_folder(root)

    @work(thread=True, exclusive=True, exit_on_error=False, group="library")
    def remove_folder(self, root: Path) -> None:
        """Drop the folder's documents from the index; the folder on disk is never touched."""
        services = services_of(self.app)
        try:
            services.remove_folder(root)
        except IndexProblem as error:
            self.post_message(self.LibraryLoaded(self.roots, str(error)))
            return
        note = f"Removed {display_path(root)} from the index (the files are untouched)."
        self.post_message(self.LibraryLoaded(services.library(), note))

    @on(IndexRunPanel.Finished)
    def _index_finished(self, _message: IndexRunPanel.Finished) -> None:
        self.load_library()

    def action_back(self) -> None:
        panel = self.query_one(IndexRunPanel)
        if panel.running:
            panel.cancel()
        else:
            self.app.pop_screen()
