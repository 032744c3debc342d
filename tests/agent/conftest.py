"""Agent test fixtures: a real Tantivy index over a few small documents, and helpers to script decisions."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from agent.events import AgentEvent
from agent.loop import Agent, final_state
from agent.settings import AgentSettings
from agent.state import AgentState
from indexer.build import index_folders
from indexer.results import SearchResults
from indexer.search import SearchTool, open_search_tool
from models.scripted import ScriptedModel
from tests.support.indexes import index_documents

# Its key words are only partly in the corpus (no "hot", no "sencha"), so searching stays open after one search.
QUESTION = "How hot should water be for green tea, and what is sencha?"

DOCUMENTS = {
    "tea.md": "# Brewing green tea\n\nGreen tea is brewed with water at about 80 degrees Celsius for two to "
    "three minutes. Boiling water makes green tea taste bitter.\n",
    "bicycles.md": "# Bicycle chain care\n\nClean and lubricate a bicycle chain every 300 kilometres, and "
    "after every ride in the rain.\n",
    "volcanoes.md": "# Volcano types\n\nShield volcanoes are broad and built from fluid basalt lava. "
    "Stratovolcanoes are steep, layered and explosive.\n",
    "lighthouses.md": "# Lighthouse history\n\nThe Pharos of Alexandria was one of the Seven Wonders of "
    "the Ancient World; it guided ships into the harbour.\n",
}


@pytest.fixture
def corpus_dir(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    root.mkdir()
    for name, text in DOCUMENTS.items():
        (root / name).write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def index_dir(tmp_path: Path, corpus_dir: Path) -> Path:
    index = tmp_path / "index"
    index_folders([corpus_dir], index)
    return index


@pytest.fixture
def tool(index_dir: Path) -> SearchTool:
    return open_search_tool(index_dir)


class CountingTool:
    """The real tool, counting the calls that reached it."""

    def __init__(self, inner: SearchTool) -> None:
        self.inner = inner
        self.queries: list[str] = []

    def search(self, query: str, limit: int) -> SearchResults:
        self.queries.append(query)
        return self.inner.search(query, limit)


class FailingTool:
    """A search tool whose index has gone bad: every call raises with a path in the message."""

    def __init__(self) -> None:
        self.calls = 0

    def search(self, query: str, limit: int) -> SearchResults:
        self.calls += 1
        raise RuntimeError("/home/someone/secret/index/meta.json: segment file truncated")


def search(query: str, limit: int | None = None) -> str:
    decision: dict[str, object] = {"action": "search", "query": query}
    if limit is not None:
        decision["limit"] = limit
    return json.dumps(decision)


def final(answer: str, citations: Iterable[str] = ()) -> str:
    return json.dumps({"action": "final", "citations": list(citations), "answer": answer})


def clarify(question: str) -> str:
    return json.dumps({"action": "clarify", "question": question})


def make_agent(model: ScriptedModel, tool: object, **limits: object) -> Agent:
    """An agent with ``limits``; code's question search is off unless asked for, so a script's searches are the
    only ones (tests/agent/test_question_search.py covers that rule), and decisions are choices unless asked
    for (a scripted model would get 'free' under 'auto'; tests/agent/test_free_mode.py covers that mode)."""
    settings = AgentSettings.model_validate({"question_search": False, "decisions": "choices", **limits})
    return Agent(model=model, tool=tool, settings=settings)  # type: ignore[arg-type]


def run_script(
    replies: Iterable[str],
    tool: object,
    question: str = QUESTION,
    **limits: object,
) -> tuple[AgentState, list[AgentEvent], ScriptedModel]:
    model = ScriptedModel(replies)
    events = list(make_agent(model, tool, **limits).run(question))
    return final_state(iter(events)), events, model


def offered_after_first_search(
    tmp_path: Path, documents: Mapping[str, str], question: str
) -> tuple[AgentState, str]:
    """Index ``documents``, let the question's own first search run, and return the state and what code then
    offered as the final answer (the last decision's schema as JSON): the answers a rule lets through."""
    tool = open_search_tool(index_documents(tmp_path, documents))
    state, _, model = run_script(
        [final("There is not enough evidence in the documents to answer this.")],
        tool,
        question=question,
        question_search=True,
    )
    return state, json.dumps(model.schemas[-1])


# The question the scripted embedders of the meaning tests point towards.
TEA_QUESTION = "green tea history rain"


class GrammarBoundScript(ScriptedModel):
    """A scripted model that promises to follow the schema, as a grammar-constrained model does."""

    @property
    def follows_schema(self) -> bool:
        return True

    @property
    def last_prompt_reused(self) -> int:
        return 7


class FavouringEmbedder:
    """Texts holding ``favoured`` point the question's way, those holding ``disfavoured`` across it, the rest
    in between."""

    def __init__(self, favoured: str, disfavoured: str = "\0", question: str = TEA_QUESTION) -> None:
        self.favoured = favoured
        self.disfavoured = disfavoured
        self.question = question
        self.embedded: list[str] = []

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        self.embedded.extend(texts)
        rows = []
        for text in texts:
            if text == self.question or self.favoured in text:
                rows.append([1.0, 0.0])
            elif self.disfavoured in text:
                rows.append([0.0, 1.0])
            else:
                rows.append([0.6, 0.8])
        return np.asarray(rows, dtype=np.float32)
