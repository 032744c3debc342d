"""A directory picker: browse folders (files hidden) or type a path; returns the folder to index, or None."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, DirectoryTree, Footer, Input, Static, Tree
from textual.widgets.directory_tree import DirEntry

from tui.desk.formatting import display_path


class FolderTree(DirectoryTree):
    """Folders only, hidden ones left out: the picker chooses a folder, never a file."""

    def filter_paths(self, paths: Iterable[Path]) -> Iterable[Path]:
        return [path for path in paths if path.is_dir() and not path.name.startswith(".")]


class FolderPickerScreen(ModalScreen[Path | None]):
    """Highlighting a folder fills the path box; Enter in the box (or the button) chooses it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Cancel"),
        Binding("ctrl+s", "choose", "Index this folder"),
    ]

    def __init__(self, start: Path | None = None) -> None:
        super().__init__()
        self.start = start or Path.home()

    def compose(self) -> ComposeResult:
        with Vertical(id="folder-dialog", classes="dialog") as dialog:
            dialog.border_title = "Choose a folder to index"
            yield FolderTree(self.start, id="folder-tree")
            yield Static("", id="folder-error")
            with Horizontal(id="folder-row"):
                yield Input(str(self.start), placeholder="/path/to/folder", id="folder-path")
                yield Button("Index this folder", id="choose", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(FolderTree).focus()

    @on(Tree.NodeHighlighted, "#folder-tree")
    def _highlighted(self, event: Tree.NodeHighlighted[DirEntry]) -> None:
        entry = event.node.data
        if entry is not None:
            self.query_one("#folder-path", Input).value = str(entry.path)

    @on(Input.Submitted, "#folder-path")
    @on(Button.Pressed, "#choose")
    def action_choose(self) -> None:
        raw = self.query_one("#folder-path", Input).value.strip()
        folder = Path(raw).expanduser() if raw else None
        if folder is None or not folder.is_dir():
            shown = display_path(folder) if folder else "(empty)"
            self.query_one("#folder-error", Static).update(
                Content(f"Not a folder: {shown}. Pick or type a folder.")
            )
            return
        self.dismiss(folder.resolve())
