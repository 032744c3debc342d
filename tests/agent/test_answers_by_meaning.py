"""Answer sentences ranked by meaning as well as by wording (``rank_answers_by_meaning``, decision 0115).

The wording ranking puts first the sentence that repeats the question's words; the one that states the answer in
the document's own words often ranks below it. Fusing the wording rank with the rank of closeness in meaning lifts
a sentence that is second by words and first by meaning over one that is first by words and last by meaning. A
scripted embedder stands in for the sentence encoder; the index is real.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from agent.loop import Agent, final_state
from agent.settings import AgentSettings
from agent.state import AgentState
from indexer.search import open_search_tool
from tests.agent.conftest import TEA_QUESTION as QUESTION
from tests.agent.conftest import FavouringEmbedder, GrammarBoundScript
from tests.support.indexes import index_documents

# Three documents, one sentence each about the question's subject. By words: "ledger" (it repeats the question's
# words), "steeped", then "fields" (it names fewer of them). By meaning: "steeped" close, "fields" in between,
# "ledger" far. Fused, "steeped" (2nd, 1st) beats "ledger" (1st, 3rd).
DOCUMENTS = {
    "ledger.md": "# Ledger\n\nThe ledger of green tea history records rain, green tea and green tea history.\n",
    "kettle.md": "# Kettle\n\nIn its early history green tea was steeped in rain water.\n",
    "fields.md": "# Fields\n\nRain fell on the green tea fields.\n",
}


def answered(tmp_path: Path, **settings: object) -> AgentState:
    tool = open_search_tool(index_documents(tmp_path, DOCUMENTS))
    # Code searches the question and, with one possible reply, decides without calling the model.
    agent_settings = AgentSettings.model_validate(
        {"question_search": True, "decisions": "choices", "answer_min_closeness": 0, **settings}
    )
    agent = Agent(
        model=GrammarBoundScript([]),
        tool=tool,
        settings=agent_settings,
        embedder=FavouringEmbedder("steeped", "ledger"),
    )
    return final_state(agent.run(QUESTION))


def test_by_words_alone_the_sentence_repeating_the_question_is_the_answer(tmp_path: Path) -> None:
    state = answered(tmp_path, rank_answers_by_meaning=False)

    assert state.answer is not None and "ledger" in state.answer


def test_by_words_and_meaning_the_sentence_close_to_the_question_is_the_answer(tmp_path: Path) -> None:
    state = answered(tmp_path)

    assert state.stop_reason == "answered"
    assert state.answer is not None and "steeped in rain water" in state.answer


class ClosenessEmbedder:
    """Texts holding a key of ``closeness`` lie at that cosine from the question; the question itself at 1."""

    def __init__(self, closeness: dict[str, float]) -> None:
        self.closeness = closeness

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        rows = []
        for text in texts:
            cosine = next((value for key, value in self.closeness.items() if key in text), 1.0)
            rows.append([cosine, math.sqrt(1 - cosine * cosine)])
        return np.asarray(rows, dtype=np.float32)


# By words: "ledger", "steeped", "almanac". By meaning: "steeped" 0.55 (over the gate's bar of 0.5, under the 0.6 a
# runner-up needs), "almanac" 0.1, "ledger" 0. Fused, "steeped" (2nd, 1st) comes first and would pass the gate.
UNDECIDED = {
    "ledger.md": "# Ledger\n\nThe ledger of green tea history records rain, green tea and green tea history.\n",
    "kettle.md": "# Kettle\n\nGreen tea history: leaves steeped in rain.\n",
    "almanac.md": "# Almanac\n\nThe almanac notes rain on tea.\n",
}


def test_meaning_never_turns_a_declined_question_into_an_answer(tmp_path: Path) -> None:
    tool = open_search_tool(index_documents(tmp_path, UNDECIDED))
    settings = AgentSettings.model_validate(
        {"question_search": True, "decisions": "choices", "closeness_per_wording_nat": 0}
    )
    embedder = ClosenessEmbedder({"steeped": 0.55, "almanac": 0.1, "ledger": 0.0})
    agent = Agent(model=GrammarBoundScript([]), tool=tool, settings=settings, embedder=embedder)

    state = final_state(agent.run(QUESTION))

    # By words, the best answer is refused and no runner-up clears the stricter bar: not enough evidence.
    assert state.stop_reason == "no_evidence"
    assert state.answer is None or "steeped" not in state.answer
