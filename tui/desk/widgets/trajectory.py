"""The live trajectory: one card per agent step, built from the typed event stream (or a finished state).

Each card shows the model's text as it streams, then the decision code accepted (search, final, clarify, invalid),
the search it ran with its result count, the observation as a collapsed list of sources, and any forced stop with
its reason. The log stays pinned to the bottom while the task runs, until the user scrolls up.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Collapsible, Static

from agent.events import SearchRan
from agent.state import (
    Continuation,
    FinalContent,
    ObservationContent,
    PlanContent,
    Source,
    Step,
    ToolCallContent,
)
from tui.desk.formatting import source_place
from tui.desk.wording import stop_reason_words

_LIVE_TEXT_MAX_CHARS = 600


def plan_line(plan: PlanContent) -> Content:
    """The model's decision in one line."""
    if plan.action == "search":
        limit = f" (limit {plan.limit})" if plan.limit else ""
        return Content.from_markup(
            "[b]search[/b] [$accent]$query[/]$limit", query=plan.query or "", limit=limit
        )
    if plan.action == "final":
        return Content.from_markup(
            "[b]answer[/b] citing $labels", labels=", ".join(plan.citations) or "nothing"
        )
    if plan.action == "clarify":
        return Content.from_markup("[b]asks you[/b]: $question", question=plan.question or "")
    return Content.from_markup("[b $error]invalid decision[/]: $raw", raw=plan.raw[:200])


def tool_call_line(call: ToolCallContent, *, replaying: bool = False) -> Content | None:
    """Refused calls get a line; live, an executed call shows as its search result (``SearchRan``) instead."""
    if call.executed:
        if not replaying:
            return None
        return Content.from_markup(
            "searched [$accent]$query[/] (limit $limit)", query=call.query, limit=call.limit
        )
    return Content.from_markup(
        "[$warning]refused[/] search [i]$query[/i]: $why", query=call.query, why=call.refusal or ""
    )


def search_line(event: SearchRan) -> Content:
    new = ", ".join(source.label for source in event.new_sources) or "none"
    return Content.from_markup(
        "→ $count results, new: $new  [dim](search $n/$max)[/]",
        count=event.result_count,
        new=new,
        n=event.search_count,
        max=event.max_searches,
    )


def continuation_line(continuation: Continuation) -> Content:
    """'continuing task 1a2b3c4d: 2 sources carried over (S1, S2)' - labels in this task mean the same passages."""
    count = len(continuation.sources)
    return Content.from_markup(
        "[$accent]continuing task $task[/]: $count carried over$labels",
        task=continuation.task_id[:8],
        count=f"{count} source{'' if count == 1 else 's'}",
        labels=f" ({', '.join(continuation.labels)})" if count else "",
    )


def source_line(source: Source) -> Content:
    place = source_place(source)
    return Content.from_markup(
        "[b]$label[/b] $title [dim]$place[/]", label=source.label, title=source.title, place=place
    )


def final_line(final: FinalContent) -> Content:
    reason = stop_reason_words(final.stop_reason)
    colour = {"completed": "$success", "needs_user": "$warning"}.get(final.status, "$error")
    return Content.from_markup(
        f"[b {colour}]$status[/] · $reason[dim]$message[/]",
        status=final.status.replace("_", " "),
        reason=reason,
        message=f" — {final.message}" if final.message else "",
    )


class StepCard(Vertical):
    """One step: its number, the streaming model text, then what came of it."""

    def __init__(self, number: int, max_steps: int) -> None:
        super().__init__(classes="step-card")
        self.number = number
        self.border_title = f"step {number}/{max_steps or '?'}"
        self._live_text = ""
        self._live = Static("", classes="live-text")

    def compose(self) -> ComposeResult:
        yield self._live

    def stream(self, text: str) -> None:
        """Show the model's raw text as it arrives (the tail, if it runs long)."""
        self._live_text += text
        self._live.update(Content(self._live_text[-_LIVE_TEXT_MAX_CHARS:]))

    def settle(self) -> None:
        """The decision is known: the raw text has served its purpose."""
        self._live.display = False

    async def add_line(self, line: Content, classes: str = "") -> None:
        await self.mount(Static(line, classes=f"step-line {classes}".strip()))

    async def add_observation(self, observation: ObservationContent, sources: dict[str, Source]) -> None:
        if observation.error:
            await self.add_line(Content.from_markup("[$error]tool error[/]: $e", e=observation.error))
            return
        title = f"observation: {len(observation.labels)} sources, {len(observation.new_labels)} new"
        lines = [source_line(sources[label]) for label in observation.labels if label in sources]
        body = [Static(line, classes="source-line") for line in lines] or [Static("(no passages)")]
        await self.mount(Collapsible(*body, title=title, collapsed=True, classes="observation"))


class TrajectoryLog(VerticalScroll):
    """The steps of one task, appended as events arrive (live, or replayed from a trajectory file)."""

    DEFAULT_CLASSES = "panel"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Trajectory"
        self._card: StepCard | None = None
        self._sources: dict[str, Source] = {}
        self._pin_pending = False

    async def begin(self, question: str) -> None:
        """Clear the log for a new task."""
        await self.remove_children()
        self._card = None
        self._sources = {}
        self.anchor(False)
        await self.mount(Static(Content.from_markup("[b]Q:[/b] $q", q=question), classes="question-line"))

    async def note_continuation(self, continuation: Continuation) -> None:
        """Say which task this one continues; its carried-over sources can be named by later observations."""
        self._sources.update({source.label: source for source in continuation.sources})
        await self.mount(Static(continuation_line(continuation), classes="continuation-line"))

    def _grew(self) -> None:
        """Pin the log to its newest step once it overflows (until the user scrolls up).

        The pin is tried after the next refresh and again whenever the content's size changes until it holds:
        a refresh can come before the new lines are measured, and the log then stayed at its top."""
        self._pin_pending = True
        self.call_after_refresh(self._pin)

    def watch_virtual_size(self) -> None:
        if self._pin_pending:
            self._pin()

    def _pin(self) -> None:
        if self.is_anchored:
            self._pin_pending = False
        elif self.max_scroll_y > 0:
            self.anchor()
            self._pin_pending = False

    async def start_step(self, number: int, max_steps: int) -> None:
        self._card = StepCard(number, max_steps)
        await self.mount(self._card)
        self._grew()

    def stream(self, text: str) -> None:
        if self._card is not None:
            self._card.stream(text)

    async def note_search(self, event: SearchRan) -> None:
        self._sources.update({source.label: source for source in event.new_sources})
        await (await self._current_card()).add_line(search_line(event), "search")
        self._grew()

    async def add_step(self, step: Step) -> None:
        """Render a recorded step into the current card."""
        card = await self._current_card()
        content = step.content
        if isinstance(content, PlanContent):
            card.settle()
            await card.add_line(plan_line(content), f"plan -{content.action}")
        elif isinstance(content, ToolCallContent):
            line = tool_call_line(content)
            if line is not None:
                await card.add_line(line, "refusal")
        elif isinstance(content, ObservationContent):
            await card.add_observation(content, self._sources)
        else:
            await self.mount(Static(final_line(content), classes=f"final-line -{content.status}"))
        self._grew()

    async def _current_card(self) -> StepCard:
        if self._card is None:
            await self.start_step(1, 0)
        assert self._card is not None
        return self._card
