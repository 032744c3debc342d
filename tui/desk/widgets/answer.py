"""The answer pane: the answer as Markdown with followable ``[S2]`` labels, or why there is no answer.

While the model writes a final answer, its text streams in here (a draft, via ``Markdown.get_stream``); when the
task ends the draft is replaced by the validated answer, or by the ``needs_user`` explanation with what was found.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Markdown
from textual.widgets.markdown import MarkdownStream

from agent.state import AgentState
from tui.desk.citations import label_from_href, link_citations, marked_answer, ordered_citations
from tui.desk.wording import stop_reason_words

WORKING_TEXT = "_Working… the answer appears here when the agent has one._"
IDLE_TEXT = "_Ask a question below. The answer appears here with its sources; `[S1]` labels open them._"


def needs_user_markdown(state: AgentState) -> str:
    """Why the agent stopped to ask the user, what it found, and how to go on."""
    found = ", ".join(f"[{source.label}]" for source in state.sources) or "nothing yet"
    lines = [
        f"**Needs you — {stop_reason_words(state.stop_reason)}.** "
        + (state.message or "The agent could not finish on its own."),
        "",
        f"**Found so far:** {found}. _Refine the question below and press Enter to continue._",
    ]
    return link_citations("\n".join(lines))


def stopped_markdown(state: AgentState) -> str:
    """A failed or cancelled task: no answer, the reason, and the sources that were found anyway."""
    found = ", ".join(f"[{source.label}]" for source in state.sources) or "none"
    heading = "Cancelled" if state.stop_reason == "cancelled" else "No answer"
    return link_citations(
        f"**{heading} — {stop_reason_words(state.stop_reason)}.** {state.message}\n\n**Sources found:** {found}"
    )


class AnswerView(VerticalScroll, can_focus=True):
    """Shows one task's outcome; ``n``/``p`` step through its citations, Enter opens the current one."""

    DEFAULT_CLASSES = "panel"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "next_citation", "Next cite"),
        Binding("p", "previous_citation", "Prev cite", show=False),
        Binding("enter", "open_citation", "Open cite"),
    ]

    class CitationFollowed(Message):
        """The user followed a citation label (by click or by keyboard)."""

        def __init__(self, label: str, *, open_viewer: bool) -> None:
            super().__init__()
            self.label = label
            self.open_viewer = open_viewer

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Answer"
        self._markdown = Markdown(IDLE_TEXT, open_links=False)
        self._stream: MarkdownStream | None = None
        self._citations: list[str] = []
        self._cursor = -1

    def compose(self) -> ComposeResult:
        yield self._markdown

    async def clear(self, text: str = "") -> None:
        await self._stop_stream()
        self._citations, self._cursor = [], -1
        await self._markdown.update(text)

    async def stream_draft(self, fragment: str) -> None:
        """Append to the draft answer the model is writing right now."""
        if self._stream is None:
            await self._markdown.update("")
            self._stream = Markdown.get_stream(self._markdown)
        await self._stream.write(fragment)

    async def discard_draft(self) -> None:
        """A drafted answer was not accepted (the loop goes on): take it down rather than leave it standing."""
        if self._stream is not None:
            await self.clear(WORKING_TEXT)

    async def show_outcome(self, state: AgentState) -> None:
        """The task ended: render its answer, or why there is none."""
        await self._stop_stream()
        if state.status == "completed" and state.answer:
            self._citations = ordered_citations(state.answer, state.citations)
            marked = marked_answer(state.answer, state.support)
            await self._markdown.update(link_citations(marked, state.citations))
        else:
            self._citations = [source.label for source in state.sources]
            asks_user = state.status == "needs_user" and state.stop_reason != "cancelled"
            text = needs_user_markdown(state) if asks_user else stopped_markdown(state)
            await self._markdown.update(text)
        self._cursor = -1
        outcome = f"{len(self._citations)} cited" if state.status == "completed" else state.status
        self.border_subtitle = outcome.replace("needs_user", "needs you")
        self.scroll_home(animate=False)

    async def _stop_stream(self) -> None:
        if self._stream is not None:
            await self._stream.stop()
            self._stream = None

    @property
    def current_citation(self) -> str | None:
        return self._citations[self._cursor] if 0 <= self._cursor < len(self._citations) else None

    def _move(self, delta: int) -> None:
        if not self._citations:
            self.notify("No citations in this answer.", severity="warning")
            return
        self._cursor = (self._cursor + delta) % len(self._citations)
        label = self._citations[self._cursor]
        self.border_subtitle = f"citation {self._cursor + 1}/{len(self._citations)}: {label}"
        self.post_message(self.CitationFollowed(label, open_viewer=False))

    def action_next_citation(self) -> None:
        self._move(1)

    def action_previous_citation(self) -> None:
        self._move(-1)

    def action_open_citation(self) -> None:
        if self.current_citation is None:
            self._move(1)
        if self.current_citation is not None:
            self.post_message(self.CitationFollowed(self.current_citation, open_viewer=True))

    @on(Markdown.LinkClicked)
    def _link_clicked(self, event: Markdown.LinkClicked) -> None:
        """Only citation links do anything: an offline desk never opens URLs from documents or models."""
        event.stop()
        label = label_from_href(event.href)
        if label is not None:
            if label in self._citations:
                self._cursor = self._citations.index(label)
            self.post_message(self.CitationFollowed(label, open_viewer=True))
