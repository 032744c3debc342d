"""Snapshots of the key screens. Everything shown is deterministic: paths are relative to the test's working
directory, the model is scripted (same text, same estimated tokens), no times are shown except the library's,
which uses an injected clock; the
model reports a fixed cost per call so token figures do not move when the system prompt is edited. Look at the SVG diff (snapshot_report.html) before updating a snapshot."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

from textual.pilot import Pilot

from agent.events import AgentEvent, ModelText, StepStarted
from agent.loop import run
from agent.settings import AgentSettings
from indexer.search import open_search_tool
from tests.tui.conftest import ANSWER_SCRIPT, FixedCostModel, ask, clarify, desk_app, final, search
from tui.desk.app import CarrelApp
from tui.desk.screens.desk import DeskScreen
from tui.desk.services import AgentRunner
from tui.home import CarrelHome

SnapCompare = Callable[..., bool]
WIDE = (120, 36)
NARROW = (80, 24)


def asking(question: str) -> Callable[[Pilot[None]], Any]:
    async def run_before(pilot: Pilot[None]) -> None:
        await ask(pilot, question)
        pilot.app.clear_notifications()  # toasts expire by wall-clock time: never let one into a snapshot
        # The transcript scrolls to its end animated: let the scroll finish, or the snapshot races it.
        await pilot.wait_for_scheduled_animations()
        for _ in range(5):
            await pilot.pause(0.05)

    return run_before


def test_desk_with_an_answer(indexed_home: CarrelHome, snap_compare: SnapCompare) -> None:
    app = desk_app(indexed_home, FixedCostModel(ANSWER_SCRIPT))
    assert snap_compare(app, terminal_size=WIDE, run_before=asking("What is the grey liquid on my starter?"))


def test_desk_needs_user_at_80_columns(indexed_home: CarrelHome, snap_compare: SnapCompare) -> None:
    app = desk_app(indexed_home, FixedCostModel([clarify("Which starter do you mean: rye or wheat?")]))
    assert snap_compare(app, terminal_size=NARROW, run_before=asking("How often do I feed it?"))


def numbered_tasks() -> AgentRunner:
    """The real loop with task ids 00000001, 00000002, ...: the trajectory names the task a refinement continues."""
    numbers = itertools.count(1)

    def runner(
        question: str, settings: AgentSettings, *, embedder: object, **options: Any
    ) -> Iterator[AgentEvent]:
        assert embedder is None  # the desk under test has no embedder
        return run(question, settings, task_id=f"{next(numbers):08d}-task", **options)

    return runner


def test_desk_continuing_a_needs_user_task(indexed_home: CarrelHome, snap_compare: SnapCompare) -> None:
    """A refinement after needs_user: 'continuing task 00000001', the carried-over sources marked ↺ or cited."""
    script = [
        search("sourdough hooch grey liquid"),
        final("There is not enough evidence in the documents to answer this.", []),
        ANSWER_SCRIPT[1],
    ]
    app = desk_app(indexed_home, FixedCostModel(script), agent_runner=numbered_tasks())

    async def ask_then_refine(pilot: Pilot[None]) -> None:
        await ask(pilot, "What is the grey liquid on my starter?")
        await asking("the grey liquid on a sourdough starter")(pilot)

    assert snap_compare(app, terminal_size=WIDE, run_before=ask_then_refine)


def events_until_mid_answer(home: CarrelHome) -> list[AgentEvent]:
    """A real run's events, cut while the model is halfway through writing its final answer."""
    model = FixedCostModel(ANSWER_SCRIPT)
    tool = open_search_tool(home.index_dir)
    app_settings = desk_app(home, FixedCostModel([])).services.agent_settings()
    events = list(run("What is the grey liquid on my starter?", app_settings, model=model, tool=tool))
    second_step = next(i for i, e in enumerate(events) if isinstance(e, StepStarted) and e.step == 2)
    texts = [i for i, e in enumerate(events) if isinstance(e, ModelText) and i > second_step]
    return events[: texts[len(texts) // 2] + 1]


def test_desk_while_a_task_runs(indexed_home: CarrelHome, snap_compare: SnapCompare) -> None:
    """The desk mid-task: step 2 streaming, the answer draft growing, Cancel offered in the footer."""
    events = events_until_mid_answer(indexed_home)
    app = desk_app(indexed_home, FixedCostModel([]))

    async def replay_prefix(pilot: Pilot[None]) -> None:
        await pilot.pause()
        desk = pilot.app.screen
        assert isinstance(desk, DeskScreen)
        for event in events:
            await desk.apply_event(event)
        await pilot.pause()

    assert snap_compare(app, terminal_size=WIDE, run_before=replay_prefix)


def library_app(home: CarrelHome) -> CarrelApp:
    """The app with a clock five minutes after the last index run, so 'last update' always reads the same."""
    app = desk_app(home, FixedCostModel([]))
    updated = app.services.library()[0].updated_at
    assert updated is not None
    app.services.clock = lambda: updated + timedelta(minutes=5)
    return app


def test_library(indexed_home: CarrelHome, snap_compare: SnapCompare) -> None:
    assert snap_compare(library_app(indexed_home), terminal_size=WIDE, press=["ctrl+l"])


def test_source_viewer(indexed_home: CarrelHome, snap_compare: SnapCompare) -> None:
    app = desk_app(indexed_home, FixedCostModel(ANSWER_SCRIPT))

    async def open_first_citation(pilot: Pilot[None]) -> None:
        await ask(pilot, "What is the grey liquid on my starter?")
        await pilot.press("n", "enter")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(app, terminal_size=(100, 30), run_before=open_first_citation)


def test_desk_with_an_answer_in_the_light_theme_at_80_columns(
    indexed_home: CarrelHome, snap_compare: SnapCompare
) -> None:
    app = desk_app(indexed_home, FixedCostModel(ANSWER_SCRIPT))
    app.theme = "textual-light"
    assert snap_compare(
        app, terminal_size=NARROW, run_before=asking("What is the grey liquid on my starter?")
    )
