"""Help: what Carrel does and every key, read from the screens' own bindings so it cannot drift from them."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

INTRO = """\
## Carrel

Ask a question about your own documents. A local model searches the index step by step (the **Trajectory**),
then answers citing passages as `[S1]`, `[S2]`… Every label opens the passage it stands for, with the words the
search matched highlighted; from there **d** opens the whole document. Nothing leaves this machine.

When the agent cannot answer on its own (*needs you*), it says why and what it found; type a refinement and it
continues with that context. **Ctrl+P** opens the command palette with every action.
"""


def bindings_table(title: str, bindings: list[BindingType]) -> str:
    rows = [f"### {title}", "", "| key | action |", "|---|---|"]
    for binding in bindings:
        if isinstance(binding, Binding) and binding.description:
            key = binding.key_display or binding.key
            rows.append(f"| `{key}` | {binding.description} |")
    return "\n".join(rows)


def help_markdown(app_bindings: list[BindingType]) -> str:
    """Every key: ``app_bindings`` (the running app's own) first, then each screen's."""
    from tui.desk.screens.desk import DeskScreen
    from tui.desk.screens.history import HistoryScreen
    from tui.desk.screens.library import LibraryScreen
    from tui.desk.screens.settings import SettingsScreen
    from tui.desk.screens.source import SourceScreen
    from tui.desk.widgets.answer import AnswerView

    sections = [
        ("Everywhere", app_bindings),
        ("Desk", DeskScreen.BINDINGS),
        ("Answer", AnswerView.BINDINGS),
        ("Source viewer", SourceScreen.BINDINGS),
        ("Library", LibraryScreen.BINDINGS),
        ("History", HistoryScreen.BINDINGS),
        ("Settings", SettingsScreen.BINDINGS),
    ]
    return "\n\n".join([INTRO, *(bindings_table(title, list(b)) for title, b in sections)])


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-dialog", classes="dialog"):
            yield Markdown(help_markdown(list(self.app.BINDINGS)), open_links=False)
        yield Footer()
