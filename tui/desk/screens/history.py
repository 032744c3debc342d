"""History: past tasks read from their trajectory files; Enter reopens one, read-only, in the desk."""

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

from agent.trajectory import Trajectory, TrajectoryError
from tui.desk.formatting import relative_time
from tui.desk.services import services_of
from tui.desk.wording import stop_reason_words


def task_status(trajectory: Trajectory) -> str:
    state = trajectory.final_state
    if state is None:
        return "unfinished"
    if state.stop_reason == "cancelled":
        return "cancelled"
    return state.status.replace("_", " ")


class HistoryScreen(Screen[None]):
    """A table of past tasks, newest first."""

    IS_PAGE: ClassVar[bool] = True  # Library, History and Settings replace each other instead of stacking

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("r", "reload", "Reload"),
    ]

    class TasksLoaded(Message):
        """The trajectory files were read (in a worker); ``problems`` names the unreadable ones."""

        def __init__(self, trajectories: list[Trajectory], problems: list[str]) -> None:
            super().__init__()
            self.trajectories = trajectories
            self.problems = problems

    def __init__(self) -> None:
        super().__init__()
        self.trajectories: dict[str, Trajectory] = {}

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(classes="page"):
            yield Static("Past tasks — Enter reopens one read-only.", classes="page-intro")
            yield DataTable(id="history-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="history-problems")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "history"
        table = self.query_one(DataTable)
        table.add_columns("when", "status", "question", "steps", "sources")
        self.action_reload()

    def action_reload(self) -> None:
        self.load_tasks()

    @work(thread=True, exclusive=True, exit_on_error=False, group="history")
    def load_tasks(self) -> None:
        services = services_of(self.app)
        trajectories: list[Trajectory] = []
        problems: list[str] = []
        for path in services.past_tasks():
            try:
                trajectories.append(services.load_task(path))
            except TrajectoryError as error:
                problems.append(str(error))
        self.post_message(self.TasksLoaded(trajectories, problems))

    @on(TasksLoaded)
    def _tasks_loaded(self, message: TasksLoaded) -> None:
        now = self.app.services.clock()  # type: ignore[attr-defined]
        table = self.query_one(DataTable)
        table.clear()
        self.trajectories = {}
        for trajectory in message.trajectories:
            key = str(trajectory.path)
            self.trajectories[key] = trajectory
            table.add_row(*self._row(trajectory, now), key=key)
        problems = self.query_one("#history-problems", Static)
        problems.update(Content("\n".join(message.problems[:5])))
        if not message.trajectories:
            problems.update("No tasks yet: ask a question on the desk.")
        table.focus()

    def _row(self, trajectory: Trajectory, now: datetime) -> tuple[Text, ...]:
        """The table's cells as plain Text: a question may hold brackets that are not markup."""
        state = trajectory.final_state
        status = task_status(trajectory)
        if state is not None and status not in ("completed", "cancelled"):
            status = f"{status}: {stop_reason_words(state.stop_reason)}"
        steps = str(state.step_count) if state else "-"
        sources = str(len(state.sources)) if state else "-"
        cells = (
            relative_time(trajectory.header.created_at, now),
            status,
            f"↳ {trajectory.header.question}" if state and state.continuation else trajectory.header.question,
            steps,
            sources,
        )
        return tuple(Text(cell) for cell in cells)

    @on(DataTable.RowSelected, "#history-table")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        trajectory = self.trajectories.get(str(event.row_key.value))
        if trajectory is not None:
            self.open_task(trajectory.path)

    def open_task(self, path: Path) -> None:
        from tui.desk.screens.desk import DeskScreen

        trajectory = self.trajectories[str(path)]
        self.app.push_screen(DeskScreen(replay=trajectory))
