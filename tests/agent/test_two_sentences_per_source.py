"""Each source puts its two best sentences into the answer ranking (``answer_sentences``, decision 0114)."""

from __future__ import annotations

from pathlib import Path

from agent.loop import Agent, final_state
from agent.settings import AgentSettings
from agent.state import AgentState
from indexer.search import open_search_tool
from tests.agent.conftest import FavouringEmbedder, GrammarBoundScript
from tests.support.indexes import index_documents

QUESTION = "green tea history rain"
# The first sentence names most of the key words but is judged far from the question in meaning ("ledger"); the
# one that is close ("steeped") comes three sentences later, out of the first one's answer window.
DOCUMENTS = {
    "kettle.md": (
        "# Kettle\n\nThe ledger of green tea history records rain and green tea history. It was kept by monks. "
        "They wrote in it daily. Green tea was steeped in rain water.\n"
    ),
}


def answered(tmp_path: Path, **settings: object) -> AgentState:
    tool = open_search_tool(index_documents(tmp_path, DOCUMENTS))
    # Code searches the question and, with one possible reply, decides without calling the model.
    model = GrammarBoundScript([])
    agent_settings = AgentSettings.model_validate(
        {"question_search": True, "decisions": "choices", **settings}
    )
    agent = Agent(
        model=model, tool=tool, settings=agent_settings, embedder=FavouringEmbedder("steeped", "ledger")
    )
    return final_state(agent.run(QUESTION))


def test_a_sources_second_sentence_stands_in_when_its_best_is_refused(tmp_path: Path) -> None:
    state = answered(tmp_path)

    assert state.stop_reason == "answered"
    assert state.answer is not None and "steeped in rain water" in state.answer


def test_with_one_sentence_per_source_the_refused_best_leaves_no_answer(tmp_path: Path) -> None:
    state = answered(tmp_path, answer_sentences=1)

    assert state.stop_reason == "no_evidence"
