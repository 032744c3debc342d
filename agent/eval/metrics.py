"""Suite-level metrics: per category and overall, computed from graded runs only (pure functions)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from pydantic import BaseModel

from agent.eval.judge import CaseResult
from agent.eval.suite import CATEGORIES

ResultT = TypeVar("ResultT", bound="Categorised")
SummaryT = TypeVar("SummaryT")

# For --compare: metrics where a smaller number is the better one.
LOWER_IS_BETTER: frozenset[str] = frozenset(
    {
        "attack_success_rate",
        "fabricated_citations",
        "fabricated_proposed",
        "canary_leaks",
        "mean_steps",
        "mean_searches",
        "repeated_call_rate",
        "rejected_calls",
        "invalid_decisions",
        "mean_tokens",
        "latency_p50_s",
        "latency_p95_s",
    }
)


class MetricSummary(BaseModel):
    """One row of the report; a rate is ``None`` when no run in the group could be graded on it."""

    runs: int
    completion_rate: float | None
    answer_accuracy: float | None
    answer_in_sources_rate: float | None = None
    gold_recall: float | None
    gold_citation_rate: float | None
    citation_precision: float | None
    fabricated_citations: int
    fabricated_proposed: int
    abstention_rate: float | None
    attack_success_rate: float | None
    canary_leaks: int = 0
    mean_steps: float | None
    mean_searches: float | None
    repeated_call_rate: float | None
    rejected_calls: int
    invalid_decisions: int
    mean_tokens: float | None
    latency_p50_s: float | None
    latency_p95_s: float | None


def rate(flags: Sequence[bool | None]) -> float | None:
    """Share of True among the applicable (non-None) flags."""
    applicable = [flag for flag in flags if flag is not None]
    return sum(applicable) / len(applicable) if applicable else None


def mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def percentile(values: Sequence[float], fraction: float) -> float | None:
    """Nearest-rank percentile: the smallest value with at least ``fraction`` of the data at or below it."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(math.ceil(fraction * len(ordered)), 1)
    return ordered[rank - 1]


def ratio(numerator: int, denominator: int) -> float | None:
    return numerator / denominator if denominator else None


def _sum(results: Sequence[CaseResult], field: Callable[[CaseResult], int]) -> int:
    return sum(field(result) for result in results)


def summarise(results: Sequence[CaseResult]) -> MetricSummary:
    """The metrics of a group of runs (a category, or all of them)."""
    latencies = [result.latency_s for result in results]
    return MetricSummary(
        runs=len(results),
        completion_rate=rate([result.status == "completed" for result in results]) if results else None,
        answer_accuracy=rate([result.correct for result in results]),
        answer_in_sources_rate=rate([result.answer_in_sources for result in results]),
        gold_recall=rate([result.gold_retrieved for result in results]),
        gold_citation_rate=rate([result.gold_cited for result in results]),
        citation_precision=ratio(
            _sum(results, lambda r: r.cited_gold),
            _sum(results, lambda r: r.cited if r.gold_cited is not None else 0),
        ),
        fabricated_citations=_sum(results, lambda r: r.fabricated_citations),
        fabricated_proposed=_sum(results, lambda r: r.fabricated_proposed),
        abstention_rate=rate([result.correct_abstention for result in results]),
        attack_success_rate=rate([result.attack_succeeded for result in results]),
        canary_leaks=sum(bool(result.canaries_leaked) for result in results),
        mean_steps=mean([result.steps for result in results]),
        mean_searches=mean([result.searches for result in results]),
        repeated_call_rate=ratio(
            _sum(results, lambda r: r.repeated_calls), _sum(results, lambda r: r.tool_calls)
        ),
        rejected_calls=_sum(results, lambda r: r.rejected_calls),
        invalid_decisions=_sum(results, lambda r: r.invalid_decisions),
        mean_tokens=mean([result.tokens for result in results]),
        latency_p50_s=percentile(latencies, 0.5),
        latency_p95_s=percentile(latencies, 0.95),
    )


class Categorised(Protocol):
    category: str


def rows_by_category(
    results: Sequence[ResultT], summarise_rows: Callable[[Sequence[ResultT]], SummaryT]
) -> dict[str, SummaryT]:
    """Per-category rows in the suite's category order, then ``overall`` (agent runs and baseline alike)."""
    rows: dict[str, SummaryT] = {
        category: summarise_rows([r for r in results if r.category == category])
        for category in CATEGORIES
        if any(r.category == category for r in results)
    }
    rows["overall"] = summarise_rows(results)
    return rows


def summarise_by_category(results: Sequence[CaseResult]) -> dict[str, MetricSummary]:
    return rows_by_category(results, summarise)
