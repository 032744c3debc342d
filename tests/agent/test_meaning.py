"""Reranking by meaning (``agent.meaning``): BM25's order fused with closeness to the question, by rank.

A scripted embedder stands in for the sentence encoder (the real one is tested in tests/models); the index is
real.
"""

from __future__ import annotations

from pathlib import Path

from agent.loop import Agent, final_state
from agent.meaning import MeaningReader, fused_order
from agent.settings import AgentSettings
from indexer.search import SearchTool
from models.scripted import ScriptedModel
from tests.agent.conftest import TEA_QUESTION as QUESTION
from tests.agent.conftest import FavouringEmbedder, search


def test_an_item_close_in_meaning_moves_up_past_one_that_only_ranked_first() -> None:
    # BM25 order A, B, C; B is closest in meaning, A farthest: B's ranks (2nd, 1st) beat A's (1st, 3rd).
    assert fused_order([0.1, 0.9, 0.5]) == [1, 0, 2]


def test_agreeing_orders_stay_and_ties_keep_the_first_order() -> None:
    assert fused_order([0.9, 0.5, 0.1]) == [0, 1, 2]
    assert fused_order([0.2, 0.9]) == [0, 1]  # (1st, 2nd) against (2nd, 1st): a tie
    assert fused_order([]) == []


def test_a_text_is_embedded_once_however_often_it_is_compared() -> None:
    embedder = FavouringEmbedder("tea")
    reader = MeaningReader(embedder)

    first = reader.closeness(QUESTION, ["green tea", "rain"])
    again = reader.closeness(QUESTION, ["rain", "green tea"])

    assert first == again[::-1]
    assert sorted(embedder.embedded) == sorted([QUESTION, "green tea", "rain"])


def run(tool: SearchTool, embedder: FavouringEmbedder | None, **settings: object) -> list[str]:
    model = ScriptedModel([search(QUESTION)])
    agent_settings = AgentSettings.model_validate(
        {"question_search": False, "decisions": "choices", "max_steps": 1, **settings}
    )
    agent = Agent(model=model, tool=tool, settings=agent_settings, embedder=embedder)
    state = final_state(agent.run(QUESTION))
    return [Path(source.path).name for source in state.sources]


def test_the_passage_closest_in_meaning_takes_a_shown_slot_first(tool: SearchTool) -> None:
    by_words = [Path(hit.path).name for hit in tool.pool(QUESTION, 20).items]
    assert len(by_words) >= 3
    second = by_words[1]
    titles = {"lighthouses.md": "Lighthouse", "tea.md": "tea", "bicycles.md": "Bicycle"}
    # BM25's second is closest in meaning and its first farthest: (2nd, 1st) beats (1st, 3rd).
    embedder = FavouringEmbedder(titles[second], titles[by_words[0]])

    # One slot per search, read in search order: BM25's first passage, or the fused order's (close in meaning).
    assert run(tool, None, hits_per_search=1, read_whole_results=False) == [by_words[0]]
    assert run(tool, embedder, hits_per_search=1, read_whole_results=False, rerank_by_meaning=True) == [
        second
    ]


def test_without_an_embedder_or_with_reranking_off_the_order_is_as_before(tool: SearchTool) -> None:
    by_words = [Path(hit.path).name for hit in tool.pool(QUESTION, 20).items]
    favoured = {"lighthouses.md": "Lighthouse", "tea.md": "tea", "bicycles.md": "Bicycle"}[by_words[1]]
    embedder = FavouringEmbedder(favoured)

    plain = run(tool, None, rerank_by_meaning=True)
    switched_off = run(tool, embedder, rerank_by_meaning=False)

    assert plain == switched_off
    assert embedder.embedded == []


def test_items_are_fused_by_the_text_they_are_read_by() -> None:
    reader = MeaningReader(FavouringEmbedder("boils at", "teapot"))
    sentences = ["The teapot is green.", "Water boils at 100 degrees.", "Tea grows on hills."]

    fused = reader.fused(QUESTION, sentences, lambda sentence: sentence)

    assert fused == ["Water boils at 100 degrees.", "The teapot is green.", "Tea grows on hills."]
