"""The sources panel: every passage the task's searches returned, cited ones marked, one line each."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from agent.state import Source
from tui.desk.formatting import display_path, source_place


def source_option_prompt(source: Source, *, cited: bool, carried: bool = False) -> Content:
    """'● S2  Title  path § heading p. 3' - ● the answer cites it, ↺ it was carried over from the task this one
    continues (and is not cited)."""
    place = source_place(source)
    return Content.from_markup(
        "[$success]$mark[/] [b]$label[/b]  $title  [dim]$path $place[/]",
        mark="●" if cited else ("↺" if carried else " "),
        label=source.label,
        title=source.title,
        path=display_path(source.path),
        place=place,
    )


class SourceList(OptionList):
    """Sources by label; Enter (or a click) selects one for the source viewer."""

    DEFAULT_CLASSES = "panel"

    class SourceSelected(Message):
        """The user chose a source to read."""

        def __init__(self, source: Source) -> None:
            super().__init__()
            self.source = source

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Sources"
        self._sources: dict[str, Source] = {}
        self._carried: set[str] = set()

    def show(self, sources: list[Source], cited: list[str], carried: Sequence[str] = ()) -> None:
        """Replace the list; cited sources first in citation order, then the rest by label."""
        ordered = [s for label in cited for s in sources if s.label == label]
        ordered += [s for s in sources if s.label not in cited]
        self._sources = {source.label: source for source in ordered}
        self._carried = set(carried)
        self.clear_options()
        self.add_options(
            Option(self._prompt(source, cited=source.label in cited), id=source.label) for source in ordered
        )
        self.border_subtitle = (
            f"{len(cited)} cited / {len(sources)} found{self._carried_note()}" if sources else ""
        )

    def add_carried(self, sources: list[Source]) -> None:
        """A continued task starts with the sources it carried over, marked ↺, under their own labels."""
        self._carried.update(source.label for source in sources)
        self.add_found(sources)

    def add_found(self, new_sources: list[Source]) -> None:
        """Sources arrive while the task runs; append them as they are found."""
        for source in new_sources:
            if source.label not in self._sources:
                self._sources[source.label] = source
                self.add_option(Option(self._prompt(source, cited=False), id=source.label))
        self.border_subtitle = f"{len(self._sources)} found{self._carried_note()}"

    def _prompt(self, source: Source, *, cited: bool) -> Content:
        return source_option_prompt(source, cited=cited, carried=source.label in self._carried)

    def _carried_note(self) -> str:
        return f" ({len(self._carried)} carried over)" if self._carried else ""

    def source(self, label: str) -> Source | None:
        return self._sources.get(label)

    def highlight_label(self, label: str) -> None:
        """Move the highlight to a label (following a citation) without opening it."""
        if label in self._sources:
            self.highlighted = self.get_option_index(label)

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        source = self._sources.get(event.option.id or "")
        if source is not None:
            self.post_message(self.SourceSelected(source))
