"""The whole desk with the bundled GGUF model: first run builds the demo corpus, a question gets a real run.

A 135M-parameter model may answer or stop for the user; either way the desk must show a finished, recorded
task whose every shown source is one the search really returned from the demo corpus.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Markdown, Static

from agent.trajectory import list_trajectories, load_trajectory
from tests.tui.conftest import SIZE, first_run_offer
from tui.config import CarrelConfig, save_config
from tui.desk.app import make_app
from tui.desk.screens.desk import DeskScreen
from tui.desk.widgets.answer import IDLE_TEXT, AnswerView
from tui.desk.widgets.sources import SourceList
from tui.home import CarrelHome

pytestmark = pytest.mark.real_model

QUESTION = "What does the assert statement do?"
SHORT_LIMITS = CarrelConfig(
    settings={"max_steps": 3, "max_searches": 1, "token_budget": 4000, "time_limit_s": 600.0}
)


async def test_first_run_and_a_question_with_the_bundled_model(home: CarrelHome) -> None:
    save_config(SHORT_LIMITS, home.config_file)
    app = make_app(home)
    async with app.run_test(size=SIZE) as pilot:
        await first_run_offer(pilot)
        await pilot.press("d")
        await app.workers.wait_for_complete()
        await pilot.press("enter")
        assert app.services.model_ready, app.services.model_status_text()
        desk = app.screen
        assert isinstance(desk, DeskScreen)
        desk.query_one("#question", Input).value = QUESTION
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        state = desk.last_state
        assert state is not None and state.status in {"completed", "needs_user"}, state
        shown = desk.query_one(AnswerView).query_one(Markdown).source
        assert shown and shown != IDLE_TEXT
        listed = desk.query_one(SourceList)
        assert listed.option_count == len(state.sources)
        for source in state.sources:
            assert Path(source.path).parent == home.demo_corpus_dir
        if state.status == "completed":
            assert state.citations and all(f"(source:{label})" in shown for label in state.citations)
        assert state.status.replace("_", " ") in str(desk.query_one("#meter", Static).render())
    recorded = [load_trajectory(path) for path in list_trajectories(home.trajectories_dir)]
    assert [trajectory.header.question for trajectory in recorded] == [QUESTION]
    assert recorded[0].final_state is not None and recorded[0].final_state.task_id == state.task_id
