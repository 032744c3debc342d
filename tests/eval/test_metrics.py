"""Suite-level metrics and reports computed from graded runs with known grades."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from agent.eval.baseline import BaselineResult
from agent.eval.judge import CaseResult
from agent.eval.metrics import percentile, summarise, summarise_by_category
from agent.eval.report import (
    EvalReport,
    ReportError,
    build_report,
    load_report,
    metric_deltas,
    regressions,
    render_markdown,
    write_report,
)

NOW = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)


def result(case_id: str, category: str, **changes: object) -> CaseResult:
    """A clean, correct run of one case; ``changes`` set what went differently."""
    answered = category in {"clear", "multi", "injection"}
    clean = CaseResult(
        case_id=case_id, category=category, status="completed", stop_reason="answered", answer="ok",
        correct=True if answered else None, correct_abstention=None if answered else True,
        gold_retrieved=True if answered else None, gold_cited=True if answered else None,
        cited=1 if answered else 0, cited_gold=1 if answered else 0, fabricated_citations=0,
        fabricated_proposed=0, attack_succeeded=False if category == "injection" else None,
        steps=3, searches=1, tool_calls=1, repeated_calls=0, rejected_calls=0, invalid_decisions=0,
        tokens=1000, latency_s=1.0,
    )  # fmt: skip
    return clean.model_copy(update=changes)


RESULTS = [
    result("c1", "clear"),
    result(
        "c2",
        "clear",
        correct=False,
        gold_retrieved=False,
        gold_cited=False,
        cited=2,
        cited_gold=0,
        latency_s=9.0,
    ),
    result("m1", "multi", cited=2, cited_gold=1, steps=5, searches=3, tool_calls=4, repeated_calls=1),
    result("n1", "none", status="needs_user", stop_reason="no_evidence", latency_s=2.0),
    result("n2", "none", correct_abstention=False, rejected_calls=2),
    result("i1", "injection", attack_succeeded=True, correct=False, latency_s=3.0),
    result("i2", "injection", status="failed", stop_reason="model_error", correct=False, invalid_decisions=2),
]


def test_rates_count_only_the_runs_they_apply_to() -> None:
    overall = summarise(RESULTS)

    assert overall.runs == 7
    assert overall.completion_rate == pytest.approx(5 / 7)
    assert overall.answer_accuracy == pytest.approx(2 / 5)  # c1, m1 right; c2, i1, i2 wrong
    assert overall.gold_recall == pytest.approx(4 / 5)
    assert overall.abstention_rate == pytest.approx(1 / 2)
    assert overall.attack_success_rate == pytest.approx(1 / 2)
    assert overall.citation_precision == pytest.approx(4 / 7)  # gold among cited: 1+0+1+1+1 of 1+2+2+1+1
    assert overall.repeated_call_rate == pytest.approx(1 / 10)
    assert (overall.rejected_calls, overall.invalid_decisions) == (2, 2)
    assert overall.mean_steps == pytest.approx(23 / 7)


def test_latency_percentiles_use_nearest_rank() -> None:
    assert percentile([1.0, 1.0, 1.0, 2.0, 1.0, 9.0, 3.0], 0.5) == 1.0
    assert percentile([1.0, 1.0, 1.0, 2.0, 1.0, 9.0, 3.0], 0.95) == 9.0
    assert percentile(list(range(1, 101)), 0.95) == 95
    assert percentile([], 0.5) is None


def test_by_category_has_each_present_category_then_overall() -> None:
    rows = summarise_by_category(RESULTS)

    assert list(rows) == ["clear", "multi", "none", "injection", "overall"]
    assert rows["clear"].answer_accuracy == 0.5
    assert rows["none"].answer_accuracy is None and rows["none"].abstention_rate == 0.5
    assert rows["injection"].attack_success_rate == 0.5


def make_report(results: list[CaseResult]) -> EvalReport:
    baseline = [
        BaselineResult(
            case_id="c1", category="clear", top_path="assert.md", snippet="AssertionError", error=None,
            correct=True, gold_retrieved=True, correct_abstention=None, canary_shown=None,
        )
    ]  # fmt: skip
    return build_report(
        results, baseline, suite="demo", suite_path="cases.jsonl", model="scripted", prompt_version="system-v1",
        settings={"max_steps": 6}, roots=["/corpus"], index_dir="/index", repeat=1, started_at=NOW, finished_at=NOW,
    )  # fmt: skip


def test_markdown_lists_every_failed_run_with_reason_and_trajectory() -> None:
    failing = [
        *RESULTS[:1],
        RESULTS[1].model_copy(update={"failures": ["wrong answer"], "trajectory": "t/c2.jsonl"}),
    ]

    text = render_markdown(make_report(failing))

    assert "## Failures (1 of 2 runs)" in text
    assert "**c2** (clear, completed/answered): wrong answer." in text and "`t/c2.jsonl`" in text
    assert "| answer accuracy (clear, multi, injection) | 50% | 100% |" in text


def test_report_round_trips_through_json(tmp_path: Path) -> None:
    report = make_report(RESULTS)

    json_path, markdown_path = write_report(report, tmp_path / "out")

    assert load_report(json_path) == report
    assert load_report(tmp_path / "out") == report
    assert markdown_path.read_text(encoding="utf-8").startswith("# carrel eval: demo")


def test_loading_something_else_names_the_file(tmp_path: Path) -> None:
    bogus = tmp_path / "report.json"
    bogus.write_text("{}", encoding="utf-8")

    with pytest.raises(ReportError, match=r"report\.json: not a carrel eval report"):
        load_report(bogus)
    with pytest.raises(ReportError, match="no such report"):
        load_report(tmp_path / "missing.json")


def test_regression_gate_respects_direction_and_threshold() -> None:
    old = make_report(RESULTS[:2])
    worse = make_report([RESULTS[0], RESULTS[1], RESULTS[1]])  # accuracy 1/2 -> 1/3
    deltas = metric_deltas(old, worse)

    assert [d.metric for d in regressions(deltas, ["answer_accuracy"], 0.1)] == ["answer_accuracy"]
    assert regressions(deltas, ["answer_accuracy"], 0.2) == []
    assert [d.group for d in regressions(deltas, ["clear.answer_accuracy"], 0.1)] == ["clear"]
    assert regressions(metric_deltas(worse, old), ["answer_accuracy"], 0.0) == []


def test_lower_is_better_metrics_regress_upwards() -> None:
    old = make_report([RESULTS[5].model_copy(update={"attack_succeeded": False})])
    new = make_report([RESULTS[5]])

    worse = regressions(metric_deltas(old, new), ["injection.attack_success_rate"], 0.0)

    assert [(d.group, d.old, d.new) for d in worse] == [("injection", 0.0, 1.0)]


def test_unknown_metric_is_an_error() -> None:
    report = make_report(RESULTS)

    with pytest.raises(ReportError, match="unknown metric 'accuracy'"):
        regressions(metric_deltas(report, report), ["accuracy"], 0.0)


def test_markdown_counts_how_runs_ended_per_category() -> None:
    text = render_markdown(make_report(RESULTS))

    assert "| ending | clear | multi | none | injection |" in text
    assert "| completed/answered | 2 | 1 | 1 | 1 |" in text
    assert "| failed/model_error | 0 | 0 | 0 | 1 |" in text
