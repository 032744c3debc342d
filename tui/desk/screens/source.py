"""Reading a source: the passage with the query's terms highlighted and its place in the document, then the whole
document (read-only) on a key, so every citation can be checked against what the file really says."""

from __future__ import annotations

from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Footer, Static, TextArea
from textual.widgets.text_area import Selection

from agent.state import Source
from indexer.results import PassageRecord
from tui.desk.formatting import display_path, source_place
from tui.desk.highlight import query_words, term_spans
from tui.desk.services import services_of


def highlighted(text: str, terms: list[str]) -> Content:
    """The passage with every word that starts with a query term marked."""
    content = Content(text)
    for start, end in term_spans(text, terms):
        content = content.stylize("bold reverse $accent", start, end)
    return content


def place_in_document(record: PassageRecord | None, total: int, source: Source) -> str:
    """'passage 3 of 12 · § Heading · p. 4'."""
    parts = [f"passage {record.ordinal + 1} of {total}"] if record is not None and total else []
    place = source_place(source)
    if place:
        parts.append(place)
    return " · ".join(parts)


class SourceScreen(ModalScreen[None]):
    """One source: the full passage (not just the snippet), highlighted, with where it sits in its document."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Close"),
        Binding("d", "whole_document", "Whole document"),
    ]

    class PassageLoaded(Message):
        """The passage, its document's passage count and the terms to highlight were read from the index."""

        def __init__(self, record: PassageRecord | None, total: int, terms: list[str]) -> None:
            super().__init__()
            self.record = record
            self.total = total
            self.terms = terms

    def __init__(self, source: Source) -> None:
        super().__init__()
        self.source = source
        self.record: PassageRecord | None = None

    def compose(self) -> ComposeResult:
        source = self.source
        with Vertical(id="source-dialog", classes="dialog") as dialog:
            dialog.border_title = Content(f"[{source.label}] {source.title}")
            yield Static(
                Content.from_markup("[dim]$path[/]", path=display_path(source.path)), id="source-path"
            )
            yield Static(Content(source_place(source) or " "), id="source-place")
            with VerticalScroll(id="source-passage"):
                yield Static(highlighted(source.snippet, query_words(source.query)), id="source-text")
            yield Static(
                Content.from_markup("found by the search [b]$q[/b]", q=source.query), id="source-query"
            )
        yield Footer()

    def on_mount(self) -> None:
        self.load_passage()

    @work(thread=True, exclusive=True, exit_on_error=False, group="source")
    def load_passage(self) -> None:
        services = services_of(self.app)
        record = services.passage(self.source.passage_id)
        total = len(services.document(self.source.doc_id)) if record is not None else 0
        terms = services.query_terms(self.source.query)
        self.post_message(self.PassageLoaded(record, total, terms))

    @on(PassageLoaded)
    def _passage_loaded(self, message: PassageLoaded) -> None:
        self.record = message.record
        text = self.query_one("#source-text", Static)
        place = self.query_one("#source-place", Static)
        if message.record is None:
            place.update(
                "This passage is no longer in the index (re-indexed or removed); showing the snippet."
            )
            return
        text.update(highlighted(message.record.text, message.terms or query_words(self.source.query)))
        place.update(Content(place_in_document(message.record, message.total, self.source)))

    def action_whole_document(self) -> None:
        self.app.push_screen(DocumentScreen(self.source, self.record))


class DocumentScreen(ModalScreen[None]):
    """The whole document, read-only, opened at the cited passage (selected)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", "Close")]

    class DocumentLoaded(Message):
        def __init__(self, passages: list[PassageRecord]) -> None:
            super().__init__()
            self.passages = passages

    def __init__(self, source: Source, record: PassageRecord | None) -> None:
        super().__init__()
        self.source = source
        self.record = record

    def compose(self) -> ComposeResult:
        with Vertical(id="document-dialog", classes="dialog") as dialog:
            dialog.border_title = Content(f"{self.source.title} (read-only)")
            dialog.border_subtitle = Content(display_path(self.source.path))
            yield TextArea("Loading…", read_only=True, soft_wrap=True, id="document-text")
        yield Footer()

    def on_mount(self) -> None:
        self.load_document()

    @work(thread=True, exclusive=True, exit_on_error=False, group="source")
    def load_document(self) -> None:
        self.post_message(self.DocumentLoaded(services_of(self.app).document(self.source.doc_id)))

    @on(DocumentLoaded)
    def _document_loaded(self, message: DocumentLoaded) -> None:
        area = self.query_one(TextArea)
        text, cited_rows = document_text(message.passages, self.record.ordinal if self.record else -1)
        area.load_text(text or "(this document has no passages in the index)")
        if cited_rows is not None:
            area.selection = Selection(*cited_rows)
            area.scroll_cursor_visible(center=True)
        area.focus()


Location = tuple[int, int]


def document_text(
    passages: list[PassageRecord], cited_ordinal: int
) -> tuple[str, tuple[Location, Location] | None]:
    """The document rebuilt from its passages, each new heading on its own '§' line, and where the cited
    passage starts and ends (row, column) so it can be selected."""
    lines: list[str] = []
    heading = ""
    cited: tuple[Location, Location] | None = None
    for passage in passages:
        if passage.heading and passage.heading != heading:
            heading = passage.heading
            lines += [f"§ {heading}", ""]
        passage_lines = passage.text.split("\n")
        if passage.ordinal == cited_ordinal:
            end_row = len(lines) + len(passage_lines) - 1
            cited = ((len(lines), 0), (end_row, len(passage_lines[-1])))
        lines += [*passage_lines, ""]
    return "\n".join(lines).rstrip("\n"), cited
