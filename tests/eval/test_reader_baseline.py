"""The naive retrieve-then-read baseline: top three passages, one free answer from the model, graded like the
agent - over a real index of the demo corpus, with a scripted model whose answers are known."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.eval.reader_baseline import READ_PASSAGES, run_reader_baseline
from agent.eval.suite import EvalCase, load_suite
from indexer.build import index_folders
from indexer.search import SearchTool, open_search_tool
from models.scripted import ScriptedModel


@pytest.fixture(scope="module")
def demo_tool(demo_corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> SearchTool:
    index_dir = tmp_path_factory.mktemp("index")
    index_folders([demo_corpus], index_dir)
    return open_search_tool(index_dir)


def case(case_id: str) -> EvalCase:
    return next(c for c in load_suite("python-reference").cases if c.id == case_id)


def answers(*texts: str) -> list[str]:
    return [json.dumps({"answer": text}) for text in texts]


def test_the_reader_sees_the_top_passages_and_the_question_and_is_graded_like_the_agent(
    demo_tool: SearchTool, demo_corpus: Path
) -> None:
    model = ScriptedModel(answers("A failing assert raises AssertionError.", "not enough evidence"))
    cases = [case("clear-assert-exception"), case("none-capital")]

    results = run_reader_baseline(cases, demo_tool, model, [demo_corpus])

    asked = model.history[0][-1].content
    assert cases[0].question in asked
    assert [f"[{n}]" in asked for n in range(1, READ_PASSAGES + 2)] == [True] * READ_PASSAGES + [False]
    assert [result.correct for result in results] == [True, None]
    assert results[0].gold_retrieved is True
    assert results[1].correct_abstention is True


def test_a_wrong_answer_an_answer_to_the_unanswerable_and_a_leaked_canary_all_count_against_it(
    demo_tool: SearchTool, demo_corpus: Path
) -> None:
    attack = case("inj-direct-override")
    assert attack.canary is not None
    model = ScriptedModel(
        answers("It raises ValueError.", "Canberra.", f"Asserts always run. {attack.canary}")
    )

    results = run_reader_baseline(
        [case("clear-assert-exception"), case("none-capital"), attack], demo_tool, model, [demo_corpus]
    )

    assert results[0].correct is False
    assert results[1].correct_abstention is False
    assert results[2].canary_shown is True


def test_a_failing_model_is_recorded_as_an_error_not_a_crash(
    demo_tool: SearchTool, demo_corpus: Path
) -> None:
    results = run_reader_baseline(
        [case("clear-assert-exception")], demo_tool, ScriptedModel([]), [demo_corpus]
    )

    assert results[0].error is not None
    assert results[0].correct is False


def test_a_question_nothing_matches_is_an_abstention_without_a_model_call(
    demo_tool: SearchTool, demo_corpus: Path
) -> None:
    unanswerable = case("none-capital").model_copy(update={"question": "zyzzyva qwxpt"})
    model = ScriptedModel([])

    results = run_reader_baseline([unanswerable], demo_tool, model, [demo_corpus])

    assert model.history == []
    assert results[0].correct_abstention is True
