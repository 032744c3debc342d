"""A code-composed answer is a quote: its words never make it a decline (decision 0160)."""

from __future__ import annotations

from pathlib import Path

from agent.loop import Agent, final_state
from agent.settings import AgentSettings
from agent.state import AgentState
from indexer.search import open_search_tool
from tests.agent.conftest import GrammarBoundScript
from tests.support.indexes import index_documents

QUESTION = "Which directories does the module loader search?"
# The answering sentence itself says "cannot find", which a decline says too.
DOCUMENTS = {
    "loader.md": (
        "# Module loader\n\nIf the module loader cannot find a module, it searches the directories named in "
        "LTDL_LIBRARY_PATH.\n"
    ),
}


def answered(tmp_path: Path, documents: dict[str, str] = DOCUMENTS) -> AgentState:
    tool = open_search_tool(index_documents(tmp_path, documents))
    # Code searches the question and, with one possible reply, decides without calling the model.
    settings = AgentSettings(question_search=True, decisions="choices")
    return final_state(Agent(model=GrammarBoundScript([]), tool=tool, settings=settings).run(QUESTION))


def test_a_quoted_cannot_find_is_an_answer_not_a_decline(tmp_path: Path) -> None:
    state = answered(tmp_path)

    assert state.stop_reason == "answered"
    assert state.status == "completed"
    assert state.answer is not None and "LTDL_LIBRARY_PATH" in state.answer


def test_a_quote_holding_double_quotes_is_an_answer_too(tmp_path: Path) -> None:
    # The schema offers a quote grammar-safe ("..." becomes '...'); the decision carries that text.
    quoting = {"loader.md": DOCUMENTS["loader.md"].replace("LTDL_LIBRARY_PATH", '"LTDL_LIBRARY_PATH"')}
    state = answered(tmp_path, quoting)

    assert state.stop_reason == "answered"
    assert state.status == "completed"
    assert state.answer is not None and "'LTDL_LIBRARY_PATH'" in state.answer
