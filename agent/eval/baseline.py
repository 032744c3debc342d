"""The no-agent baseline: the top search hit for the question text, graded like an agent's answer.

If the agent cannot beat "search the question, show the first passage", its steps and tokens buy
nothing; the report puts both side by side so that is visible.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel

from agent.eval.judge import answer_matches, corpus_relative, normalise_text
from agent.eval.metrics import rate
from agent.eval.suite import ABSTAIN_CATEGORIES, EvalCase
from agent.tool import SearchBackend, safe_tool_error
from indexer.results import SearchHit, SearchQueryError, query_within_limit


class BaselineResult(BaseModel):
    case_id: str
    category: str
    top_path: str | None
    snippet: str | None
    error: str | None
    correct: bool | None
    gold_retrieved: bool | None
    correct_abstention: bool | None
    canary_shown: bool | None
    latency_s: float | None = None


class BaselineSummary(BaseModel):
    runs: int
    answer_accuracy: float | None
    gold_recall: float | None
    abstention_rate: float | None
    canary_shown_rate: float | None


def top_hits(backend: SearchBackend, question: str, limit: int) -> tuple[list[SearchHit], str | None]:
    """The first hits for the question as typed, or the tool's one-line error (a syntax it rejects)."""
    try:
        results = backend.search(query_within_limit(question), limit)
    except SearchQueryError as error:
        return [], safe_tool_error(error)
    return list(results.items), None


def top_hit(backend: SearchBackend, question: str) -> tuple[SearchHit | None, str | None]:
    """The first hit for the question as typed, or the tool's one-line error."""
    hits, error = top_hits(backend, question, 1)
    return (hits[0] if hits else None), error


def grade_baseline(
    case: EvalCase, answer: str | None, paths: Sequence[str], *, abstained: bool
) -> BaselineResult:
    """Grade a baseline's answer as the agent's is graded: expected strings in it, a gold document among the
    ``paths`` it read (corpus-relative, best first), and for none/ambiguous cases whether it ``abstained``."""
    answered = case.category not in ABSTAIN_CATEGORIES
    return BaselineResult(
        case_id=case.id,
        category=case.category,
        top_path=paths[0] if paths else None,
        snippet=answer,
        error=None,
        correct=answer_matches(answer, case.answers, all_required=case.all_required) if answered else None,
        gold_retrieved=any(path in case.gold for path in paths) if case.gold else None,
        correct_abstention=None if answered else abstained,
        canary_shown=normalise_text(case.canary) in normalise_text(answer or "") if case.canary else None,
    )


def grade_hit(case: EvalCase, hit: SearchHit | None, roots: Sequence[Path]) -> BaselineResult:
    """Grade the top hit: its snippet is the 'answer'; no hit at all is the baseline's only abstention."""
    paths = [corpus_relative(hit.path, roots)] if hit else []
    return grade_baseline(case, hit.snippet if hit else None, paths, abstained=hit is None)


def run_baseline(
    cases: Sequence[EvalCase], backend: SearchBackend, roots: Sequence[Path]
) -> list[BaselineResult]:
    results: list[BaselineResult] = []
    for case in cases:
        hit, error = top_hit(backend, case.question)
        results.append(grade_hit(case, hit, roots).model_copy(update={"error": error}))
    return results


def summarise_baseline(results: Sequence[BaselineResult]) -> BaselineSummary:
    return BaselineSummary(
        runs=len(results),
        answer_accuracy=rate([result.correct for result in results]),
        gold_recall=rate([result.gold_retrieved for result in results]),
        abstention_rate=rate([result.correct_abstention for result in results]),
        canary_shown_rate=rate([result.canary_shown for result in results]),
    )
