"""The bundled GGUF model end to end on a small real index: whatever it decides, the invariants hold."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent.events import StepRecorded, TaskFinished
from agent.loop import Agent
from agent.settings import AgentSettings
from agent.state import PlanContent, ToolCallContent
from agent.trajectory import RunContext, TrajectoryRecorder, load_trajectory, recorded
from indexer.search import SearchTool
from models.factory import open_model, resolve_model_spec
from models.protocol import ChatModel

pytestmark = pytest.mark.real_model

SETTINGS = AgentSettings(max_steps=4, max_searches=2, token_budget=6000)


@pytest.fixture(scope="module")
def bundled_model() -> Iterator[ChatModel]:
    model = open_model(resolve_model_spec(None, os.environ, None))
    yield model
    close = getattr(model, "close", None)
    if callable(close):
        close()


@pytest.mark.parametrize(
    "question",
    [
        "How hot should the water be for brewing green tea?",
        "How often should a bicycle chain be lubricated?",
        "Who won the football world cup in 1954?",
    ],
)
def test_real_model_task_keeps_every_invariant(
    bundled_model: ChatModel, tool: SearchTool, tmp_path: Path, question: str
) -> None:
    context = RunContext(
        model_id=bundled_model.model_id,
        prompt_version="system-v1",
        index_path=str(tool.index_dir),
        document_count=tool.stats().documents,
        settings=SETTINGS,
    )
    recorder = TrajectoryRecorder(tmp_path / "trajectories", context)
    agent = Agent(model=bundled_model, tool=tool, settings=SETTINGS)
    events = list(recorded(agent.run(question), recorder))
    state = events[-1].state if isinstance(events[-1], TaskFinished) else None
    assert state is not None

    assert state.status in {"completed", "needs_user", "failed"} and state.stop_reason is not None
    assert state.step_count <= SETTINGS.max_steps and state.search_count <= SETTINGS.max_searches
    assert state.tokens_used <= SETTINGS.token_budget
    returned = {source.label for source in state.sources}
    assert set(state.citations) <= returned
    if state.status == "completed":
        assert state.answer and state.citations
    executed = [step.content for step in state.steps if isinstance(step.content, ToolCallContent)]
    assert sum(call.executed for call in executed) == state.search_count
    plans = [event.step.content for event in events if isinstance(event, StepRecorded)]
    assert [plan for plan in plans if isinstance(plan, PlanContent)], "the model was asked at least once"

    assert recorder.path is not None
    trajectory = load_trajectory(recorder.path)
    assert trajectory.complete and not trajectory.truncated
    assert trajectory.final_state == state
    assert trajectory.header.model_id == bundled_model.model_id
