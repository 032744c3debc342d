"""Where answers are lost, model-free: retrieval (is an answer window among the top passages?) or reading (does
the agent's sentence ranking put one first?).

    .venv/bin/python bench/reading_ceiling.py bench/suites/NAME=/path/to/corpus [more ...] [--work DIR]

For every clear and injection case of each suite it searches the question's own words, takes the top 3, 5 and 10
passages, and counts the cases where some sentence's answer window (it and its neighbours, as the agent reads
one: ``agent.sources.window_at``) holds an expected answer - the retrieval ceiling at that depth - and those where the agent's ranking puts such a sentence first:
each passage ordered as the agent orders a search's results (``SourceLedger.in_reading_order``), then every
sentence scored as answers are (``agent.answers.ranked_candidates`` with each passage's title, heading and
search relevance). The first-ranked count beside the ceiling is the reading loss; a line per suite, JSON.
Indexes are built under ``--work`` (re-used when the corpus has not changed), as ``bench/reading_bench.py`` does.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from reading_bench import indexed_plan, suites_parser

from agent.answers import Candidate, ranked_candidates
from agent.eval.judge import answer_matches
from agent.eval.suite import EvalCase
from agent.evidence import rarity_weights
from agent.question import QuestionShape
from agent.sources import SourceLedger, sentences_of, window_at
from indexer.results import SearchResults, query_within_limit
from indexer.search import SearchTool, open_search_tool

DEPTHS = (3, 5, 10)


def window_holds_answer(sentences: Sequence[str], sentence: str, case: EvalCase) -> bool:
    return answer_matches(window_of(sentences, sentence), case.answers, all_required=False)


def passages_hold_answer(passages: Iterable[Sequence[str]], case: EvalCase) -> bool:
    """Whether some sentence's answer window in any of ``passages`` (each a list of sentences) holds an answer."""
    return any(
        window_holds_answer(sentences, sentence, case) for sentences in passages for sentence in sentences
    )


def case_figures(case: EvalCase, tool: SearchTool) -> dict[str, bool]:
    """For each depth: whether an answer window is there, and whether the agent's ranking puts one first."""
    return depth_figures(case, tool, case.question, DEPTHS)


def depth_figures(case: EvalCase, tool: SearchTool, query: str, depths: Sequence[int]) -> dict[str, bool]:
    """``query`` searched once; for each of ``depths``, ``in_top_D`` and ``first_of_top_D`` (see
    :func:`read_figures`), the passages read for the case's own question."""
    shape = QuestionShape.read(case.question)
    weights = rarity_weights(list(shape.terms), tool.passage_share)
    results = tool.search(query_within_limit(query), max(depths))
    figures: dict[str, bool] = {}
    for depth in depths:
        top = results.model_copy(update={"items": results.items[:depth]})
        figures[f"in_top_{depth}"], figures[f"first_of_top_{depth}"] = read_figures(
            case, tool, top, shape, weights
        )
    return figures


def read_figures(
    case: EvalCase, tool: SearchTool, top: SearchResults, shape: QuestionShape, weights: dict[str, float]
) -> tuple[bool, bool]:
    """Whether some sentence's answer window among ``top``'s passages holds an answer, and whether the agent,
    reading these passages (in its reading order), ranks such a sentence first. ``shape`` and ``weights`` are
    the question's (``QuestionShape.read``, ``rarity_weights``), read once per case by the caller."""
    passages, candidates = reading(tool, top, shape, weights)
    held = passages_hold_answer(passages.values(), case)
    best = candidates[0] if candidates else None
    return held, best is not None and window_holds_answer(passages[best.label], best.sentence, case)


def reading(
    tool: SearchTool, top: SearchResults, shape: QuestionShape, weights: dict[str, float]
) -> tuple[dict[str, list[str]], list[Candidate]]:
    """``top``'s passages as sentences (in the agent's reading order) and every sentence as the agent ranks
    them for an answer, best first."""
    ledger = SourceLedger(320, reader=tool, weights=weights, shape=shape)
    ordered = ledger.in_reading_order(top, list(shape.terms))
    passages = {hit.id: sentences_of(rec.text) for hit in ordered.items if (rec := tool.passage(hit.id))}
    candidates = ranked_candidates(
        passages,
        list(shape.terms),
        weights,
        {hit.id: f"{hit.title} {hit.heading}" for hit in ordered.items},
        supplied=lambda label, sentence: shape.supplied_by(window_of(passages[label], sentence)),
        relevance={hit.id: ledger.passage_relevance(hit.id) for hit in ordered.items},
    )
    return passages, candidates


def window_of(sentences: Sequence[str], sentence: str) -> str:
    """A sentence's answer window, as the agent reads it (``agent.sources.window_at``)."""
    return window_at(sentences, sentences.index(sentence))


def suite_line(
    spec: str, work: Path, figures: Callable[[EvalCase, SearchTool], Mapping[str, int]] = case_figures
) -> dict[str, Any]:
    """One suite's clear and injection cases with answers, each case's ``figures`` summed."""
    plan, _out = indexed_plan(spec, work)
    suite = plan.suite
    tool = open_search_tool(plan.index_dir)
    cases = [case for case in suite.cases if case.category in ("clear", "injection") and case.answers]
    totals: dict[str, int] = {}
    for case in cases:
        for key, value in figures(case, tool).items():
            totals[key] = totals.get(key, 0) + int(value)
    return {"suite": suite.name, "answerable": len(cases), **totals}


def main(argv: list[str] | None = None) -> int:
    parser = suites_parser(__doc__)
    args = parser.parse_args(argv)
    for spec in args.suites:
        print(json.dumps(suite_line(spec, args.work.resolve())), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
