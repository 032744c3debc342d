"""``agent.loop.warm_up``: the system prompt a task starts with, evaluated ahead of the first question."""

from __future__ import annotations

from collections.abc import Sequence

from agent.loop import final_state, warm_up
from agent.settings import AgentSettings
from indexer.search import SearchTool
from models.protocol import ChatMessage
from models.scripted import ScriptedModel
from tests.agent.conftest import QUESTION, final, make_agent, search

TEA_ANSWER = "Green tea is brewed at about 80 degrees Celsius [S1]."


class RecordingWarmModel(ScriptedModel):
    """A scripted model that also records what it was asked to warm up with."""

    def __init__(self) -> None:
        super().__init__()
        self.warmed: list[list[ChatMessage]] = []

    def warm_up(self, messages: Sequence[ChatMessage]) -> int:
        self.warmed.append(list(messages))
        return 7


def test_the_model_is_warmed_with_the_system_prompt_a_task_then_starts_with(tool: SearchTool) -> None:
    model = RecordingWarmModel()
    agent = make_agent(model, tool, max_searches=2)
    assert warm_up(model, agent.settings) == 7
    model.enqueue([search("green tea"), final(TEA_ANSWER, ["S1"])])
    final_state(agent.run(QUESTION))
    [warmed] = model.warmed
    assert warmed[0] == model.history[0][0] and warmed[0].role == "system"
    assert [message.role for message in warmed[1:]] == ["user"]


def test_a_model_that_cannot_warm_up_is_left_alone() -> None:
    assert warm_up(ScriptedModel(), AgentSettings()) == 0
