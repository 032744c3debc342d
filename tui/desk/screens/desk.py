"""The desk: ask a question, watch the agent work step by step, read the answer and check every source.

The agent runs in a thread worker that only posts ``DeskScreen.AgentEmitted`` messages; the handler applies each
event to the widgets. Escape sets a cancel flag the loop checks between steps, so a cancelled task still ends
with its own final event (``cancelled``) and is recorded like any other.
"""

from __future__ import annotations

import threading
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Static
from textual.worker import get_current_worker

from agent.events import (
    AgentEvent,
    ContinuedFrom,
    ModelText,
    SearchRan,
    StepRecorded,
    StepStarted,
    TaskFinished,
    TaskStarted,
)
from agent.state import AgentState, Source
from agent.trajectory import Trajectory
from tui.desk.citations import ordered_citations
from tui.desk.export import export_answer
from tui.desk.formatting import display_path
from tui.desk.progress import TaskProgress
from tui.desk.services import DeskServices, services_of
from tui.desk.streaming import is_final_decision, partial_string_field
from tui.desk.widgets.answer import WORKING_TEXT, AnswerView
from tui.desk.widgets.sources import SourceList
from tui.desk.widgets.trajectory import TrajectoryLog
from tui.desk.wording import stop_reason_words

QUESTION_PLACEHOLDER = "Ask a question about your documents — Enter runs it, Escape cancels"
REFINE_PLACEHOLDER = "Refine the question — Enter continues with what was found (Ctrl+N starts afresh)"


def replay_note(trajectory: Trajectory) -> str:
    when = trajectory.header.created_at.astimezone().strftime("%Y-%m-%d %H:%M")
    cut = " The task did not finish (the process stopped)." if not trajectory.complete else ""
    return f"Read-only: a past task from {when}, model {trajectory.header.model_id}.{cut} Escape goes back."


class DraftTracker:
    """Feeds the answer pane only the new characters of a final answer the model is still writing."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self._raw = ""
        self._shown = 0

    def add(self, text: str) -> str:
        """Take a piece of model text; return the answer text that is new since the last call."""
        self._raw += text
        if not is_final_decision(self._raw):
            return ""
        draft = partial_string_field(self._raw, "answer") or ""
        fresh, self._shown = draft[self._shown :], max(self._shown, len(draft))
        return fresh


class DeskScreen(Screen[None]):
    """The main screen; also used read-only to reopen a past task from History."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel_task", "Cancel"),
        Binding("ctrl+e", "export", "Export"),
        Binding("ctrl+n", "new_question", "New", show=False),
        Binding("ctrl+t", "toggle_trajectory", "Trajectory", show=False),
    ]

    class AgentEmitted(Message):
        """The agent worker produced an event (posted from the worker thread)."""

        bubble = False

        def __init__(self, event: AgentEvent) -> None:
            super().__init__()
            self.event = event

    class TaskFailed(Message):
        """The task could not start or crashed outside the agent's own error handling."""

        bubble = False

        def __init__(self, message: str) -> None:
            super().__init__()
            self.message = message

    def __init__(self, *, replay: Trajectory | None = None) -> None:
        super().__init__()
        self.progress = TaskProgress()
        self.last_state: AgentState | None = None
        self.replay = replay
        self._continuing: AgentState | None = None
        self._cancel = threading.Event()
        self._draft = DraftTracker()

    @property
    def services(self) -> DeskServices:
        return services_of(self.app)

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="desk-body"):
            with Vertical(id="outcome"):
                yield AnswerView(id="answer")
                yield SourceList(id="sources")
            yield TrajectoryLog(id="trajectory")
        with Horizontal(id="status-bar"):
            yield Static(self.progress.meter_text(), id="meter")
            yield Static("", id="model-status")
        if self.replay is None:
            yield Input(placeholder=QUESTION_PLACEHOLDER, id="question")
        else:
            yield Static(Content(replay_note(self.replay)), id="read-only-note")
        yield Footer()

    async def on_mount(self) -> None:
        self.refresh_model_status()
        if self.replay is None:
            self.query_one("#question", Input).focus()
            return
        for event in self.replay.events:  # a past task is shown by the same code that showed it live
            await self.apply_event(event)
        self.query_one(AnswerView).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Footer shows Cancel only while a task runs and Export only once there is something to export."""
        if action == "cancel_task":
            return self.progress.running or self.replay is not None
        if action == "export":
            return self.last_state is not None
        return True

    # -- asking -------------------------------------------------------------------------------------------

    @on(Input.Submitted, "#question")
    def _question_submitted(self, event: Input.Submitted) -> None:
        question = event.value.strip()
        if not question:
            return
        if self.progress.running:
            self.notify("A task is running. Escape cancels it.", severity="warning")
            return
        self.ask(question)

    def ask(self, question: str) -> None:
        """Start a task; after a needs_user stop it continues that task, starting from its sources."""
        self._cancel.clear()
        self._draft.reset()
        self.progress.status = "running"
        self.refresh_bindings()
        waiting = "starting…" if self.services.model_ready else "waiting for the model to load…"
        self.query_one("#meter", Static).update(waiting)
        self.run_agent(question, self._continuing)

    @work(thread=True, exclusive=True, exit_on_error=False, group="agent")
    def run_agent(self, question: str, previous: AgentState | None) -> None:
        """Consume the agent's event stream in a thread; never touch widgets here, only post messages."""
        worker = get_current_worker()

        def should_cancel() -> bool:
            return self._cancel.is_set() or worker.is_cancelled

        try:
            for event in self.services.run_task(question, previous=previous, should_cancel=should_cancel):
                self.post_message(self.AgentEmitted(event))
        except Exception as error:  # the agent reports its own failures as events; this is anything else
            self.post_message(self.TaskFailed(f"{type(error).__name__}: {error}"))
            raise  # kept in the worker's log; exit_on_error=False keeps the app running

    def action_cancel_task(self) -> None:
        if self.replay is not None:
            self.dismiss()
            return
        if not self.progress.running:
            return
        self._cancel.set()
        self.query_one("#meter", Static).update(f"{self.progress.meter_text()} · cancelling…")

    def action_new_question(self) -> None:
        """Forget the needs_user task and start afresh."""
        self._continuing = None
        question = self.query_one("#question", Input)
        question.placeholder, question.value = QUESTION_PLACEHOLDER, ""
        question.border_title = ""
        question.focus()

    # -- applying events ----------------------------------------------------------------------------------

    @on(AgentEmitted)
    async def _agent_emitted(self, message: AgentEmitted) -> None:
        await self.apply_event(message.event)

    async def apply_event(self, event: AgentEvent) -> None:
        """Show one agent event; the only place the desk changes while a task runs."""
        self.progress.apply(event)
        trajectory = self.query_one(TrajectoryLog)
        if isinstance(event, TaskStarted):
            await self._start_task(event)
        elif isinstance(event, ContinuedFrom):
            await trajectory.note_continuation(event.continuation)
            self.query_one(SourceList).add_carried(event.continuation.sources)
        elif isinstance(event, StepStarted):
            self._draft.reset()
            await self.query_one(AnswerView).discard_draft()
            await trajectory.start_step(event.step, event.max_steps)
        elif isinstance(event, ModelText):
            trajectory.stream(event.text)
            draft = self._draft.add(event.text)
            if draft:
                await self.query_one(AnswerView).stream_draft(draft)
        elif isinstance(event, StepRecorded):
            await trajectory.add_step(event.step)
        elif isinstance(event, SearchRan):
            await trajectory.note_search(event)
            self.query_one(SourceList).add_found(event.new_sources)
        elif isinstance(event, TaskFinished):
            await self.show_finished(event.state)
        self._update_meter()
        if isinstance(event, TaskStarted | TaskFinished):
            self.refresh_bindings()

    async def _start_task(self, event: TaskStarted) -> None:
        await self.query_one(TrajectoryLog).begin(event.question)
        await self.query_one(AnswerView).clear(WORKING_TEXT)
        self.query_one(SourceList).show([], [])
        self.sub_title = event.question

    async def show_finished(self, state: AgentState) -> None:
        """Render a finished task: the answer (or why there is none) and its sources, cited ones first."""
        self.last_state = state
        await self.query_one(AnswerView).show_outcome(state)
        cited = ordered_citations(state.answer or "", state.citations) if state.status == "completed" else []
        carried = state.continuation.labels if state.continuation else []
        self.query_one(SourceList).show(state.sources, cited, carried)
        self._update_meter()
        if self.replay is None:
            self._prepare_next_question(state)

    def _prepare_next_question(self, state: AgentState) -> None:
        """After needs_user the next question continues the task; otherwise it starts afresh."""
        question = self.query_one("#question", Input)
        if state.status == "needs_user" and state.stop_reason != "cancelled":
            self._continuing = state
            question.placeholder = REFINE_PLACEHOLDER
            question.border_title = f"continuing: {len(state.sources)} sources found so far"
            question.value = ""
            question.focus()
            self.notify(stop_reason_words(state.stop_reason), title="The agent needs you", severity="warning")
        else:
            self._continuing = None
            question.placeholder, question.border_title = QUESTION_PLACEHOLDER, ""
            if state.status == "completed":
                self.query_one(AnswerView).focus()

    @on(TaskFailed)
    async def _task_failed(self, message: TaskFailed) -> None:
        self.progress.status = "failed"
        self.refresh_bindings()
        await self.query_one(AnswerView).clear(f"### The task could not run\n\n{message.message}")
        self.notify(message.message, title="Task failed", severity="error", timeout=10, markup=False)
        self._update_meter()

    def _update_meter(self) -> None:
        status = self.progress.status
        suffix = "" if status is None else f" · {status.replace('_', ' ')}"
        if status != "running" and self.progress.stop_reason is not None:
            suffix += f" ({stop_reason_words(self.progress.stop_reason)})"
        self.query_one("#meter", Static).update(self.progress.meter_text() + suffix)

    def refresh_model_status(self) -> None:
        self.query_one("#model-status", Static).update(Content(self.services.model_status_text()))

    # -- sources and citations ----------------------------------------------------------------------------

    @on(AnswerView.CitationFollowed)
    def _citation_followed(self, message: AnswerView.CitationFollowed) -> None:
        sources = self.query_one(SourceList)
        sources.highlight_label(message.label)
        source = sources.source(message.label)
        if source is None:
            self.notify(
                f"{message.label} is not among this task's sources.", severity="warning", markup=False
            )
        elif message.open_viewer:
            self.open_source(source)

    @on(SourceList.SourceSelected)
    def _source_selected(self, message: SourceList.SourceSelected) -> None:
        self.open_source(message.source)

    def open_source(self, source: Source) -> None:
        from tui.desk.screens.source import SourceScreen

        self.app.push_screen(SourceScreen(source))

    # -- export -------------------------------------------------------------------------------------------

    def action_export(self) -> None:
        if self.last_state is None:
            self.notify("Nothing to export yet: ask a question first.", severity="warning")
            return
        target = export_answer(self.last_state, self.services.exports)
        self.notify(f"Saved to {display_path(target)}", title="Answer exported", markup=False)
        self.services.last_export = target

    def action_toggle_trajectory(self) -> None:
        trajectory = self.query_one(TrajectoryLog)
        trajectory.display = not trajectory.display
