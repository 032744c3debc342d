"""bench/retrieval_depth.py finds the BM25 rank of the first passage with an answer in a real index."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent.eval.suite import EvalCase
from indexer.search import open_search_tool
from tests.support.bench import bench_module
from tests.support.indexes import index_documents


@pytest.fixture(scope="module")
def depth() -> Any:
    return bench_module("retrieval_depth")


def _case(question: str, answer: str) -> EvalCase:
    return EvalCase(id="q", category="clear", question=question, answers=[answer], gold=["any.txt"])


def test_the_rank_is_that_of_the_first_passage_holding_an_answer_not_of_the_best_match(
    depth: Any, tmp_path: Path
) -> None:
    tool = open_search_tool(
        index_documents(
            tmp_path,
            {
                "echo.txt": "Harbour pilot harbour pilot harbour pilot boarding. Pilots board at dawn.",
                "answer.txt": "A harbour pilot boards from the cutter Marisol near the outer buoy.",
            },
        )
    )
    question = "Which boat brings the harbour pilot aboard?"
    ranked = [Path(hit.path).name for hit in tool.pool(question, 10).items]

    rank = depth.first_answer_rank(_case(question, "Marisol"), tool)

    assert ranked.index("answer.txt") == 1  # the echoing page outranks the one that answers
    assert rank == 2
    assert depth.bucket_of(rank) == "rank_2_3"


def test_an_answer_in_no_passage_the_question_finds_is_beyond_the_pool(depth: Any, tmp_path: Path) -> None:
    tool = open_search_tool(
        index_documents(
            tmp_path,
            {
                "pilot.txt": "A harbour pilot boards from the cutter near the outer buoy.",
                "engine.txt": "The cutter Marisol carries a spare diesel engine below deck.",
            },
        )
    )

    rank = depth.first_answer_rank(
        _case("Which harbour pilot boat is it?", "outer buoy and a lighthouse"), tool
    )

    assert rank is None
    assert depth.bucket_of(rank) == "beyond"


def test_lines_count_every_bucket_and_the_total_adds_them(depth: Any) -> None:
    first = {"suite": "a", "clear": 3, **depth.counted(["rank_1", "rank_1", "beyond"])}
    second = {"suite": "b", "clear": 1, **depth.counted(["rank_21_50"])}

    total = depth.total_line([first, second])

    assert first["rank_6_10"] == 0 and first["rank_1"] == 2
    assert total == {
        "suite": "total",
        "clear": 4,
        "rank_1": 2,
        "rank_2_3": 0,
        "rank_4_5": 0,
        "rank_6_10": 0,
        "rank_11_20": 0,
        "rank_21_50": 1,
        "beyond": 1,
    }
