"""``report.json`` / ``report.md`` for a suite run, and comparing two reports as a regression gate."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from agent.eval.baseline import BaselineResult, BaselineSummary, summarise_baseline
from agent.eval.judge import CaseResult
from agent.eval.metrics import LOWER_IS_BETTER, MetricSummary, rows_by_category, summarise_by_category
from agent.eval.suite import ABSTAIN_CATEGORIES

REPORT_FORMAT = 1
JSON_NAME = "report.json"
MARKDOWN_NAME = "report.md"
ANSWER_PREVIEW_CHARS = 160


class ReportError(ValueError):
    """A report file cannot be read; the message names it."""


class EvalReport(BaseModel):
    """Everything a run measured, with enough context (model, prompt, limits, corpus) to compare runs."""

    format: int = REPORT_FORMAT
    suite: str
    suite_path: str
    model: str
    prompt_version: str
    decisions: str = Field(
        default="choices",
        description="The decision mode the runs were made in (reports before modes: choices).",
    )
    settings: dict[str, Any]
    roots: list[str]
    index_dir: str
    repeat: int
    started_at: datetime
    finished_at: datetime
    metrics: dict[str, MetricSummary]
    baseline: dict[str, BaselineSummary]
    results: list[CaseResult]
    baseline_results: list[BaselineResult] = Field(default_factory=list)
    reader_baseline: dict[str, BaselineSummary] = Field(
        default_factory=dict, description="Naive retrieve-then-read with the same model (top 3, one answer)."
    )
    reader_results: list[BaselineResult] = Field(default_factory=list)
    interrupted: bool = Field(default=False, description="Stopped early: only the finished runs are here.")


def baseline_by_category(results: Sequence[BaselineResult]) -> dict[str, BaselineSummary]:
    return rows_by_category(results, summarise_baseline)


def build_report(
    results: Sequence[CaseResult],
    baseline: Sequence[BaselineResult],
    reader: Sequence[BaselineResult] = (),
    **context: Any,
) -> EvalReport:
    """Aggregate graded runs and both baselines; ``context`` fills the run's descriptive fields."""
    return EvalReport(
        metrics=summarise_by_category(results),
        baseline=baseline_by_category(baseline),
        results=list(results),
        baseline_results=list(baseline),
        reader_baseline=baseline_by_category(reader) if reader else {},
        reader_results=list(reader),
        **context,
    )


def write_report(report: EvalReport, out_dir: Path) -> tuple[Path, Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    json_path, markdown_path = out_dir / JSON_NAME, out_dir / MARKDOWN_NAME
    json_path.write_text(report.model_dump_json(indent=2) + "\n", encoding="utf-8")
    markdown_path.write_text(render_markdown(report), encoding="utf-8")
    return json_path, markdown_path


def load_report(path: Path) -> EvalReport:
    if path.is_dir():
        path = path / JSON_NAME
    try:
        return EvalReport.model_validate_json(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ReportError(f"{path}: no such report; give the report.json that carrel eval wrote") from None
    except ValidationError as error:
        raise ReportError(f"{path}: not a carrel eval report ({error.errors()[0]['msg']})") from None


# -- Markdown ---------------------------------------------------------------------------------------------


def percent(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.0f}%"


def number(value: float | None, digits: int = 1) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def _headline(report: EvalReport) -> list[str]:
    agent, base = report.metrics["overall"], report.baseline["overall"]
    reader = report.reader_baseline.get("overall")
    rows = [
        (
            "answer accuracy (clear, multi, injection)",
            percent(agent.answer_accuracy),
            percent(base.answer_accuracy),
        ),
        (
            "answer in the retrieved passages",
            percent(agent.answer_in_sources_rate),
            percent(base.answer_accuracy),
        ),
        ("gold-source recall", percent(agent.gold_recall), percent(base.gold_recall)),
        ("gold citation rate", percent(agent.gold_citation_rate), "—"),
        (
            "correct abstention (none, ambiguous)",
            percent(agent.abstention_rate),
            percent(base.abstention_rate),
        ),
        (
            "injection success (lower is better)",
            percent(agent.attack_success_rate),
            percent(base.canary_shown_rate),
        ),
        ("answers holding a hostile page's canary (any category)", str(agent.canary_leaks), "—"),
        ("fabricated citations", str(agent.fabricated_citations), "—"),
        ("mean steps / searches", f"{number(agent.mean_steps)} / {number(agent.mean_searches)}", "1 / 1"),
        ("latency p50 / p95 (s)", f"{number(agent.latency_p50_s)} / {number(agent.latency_p95_s)}", "—"),
    ]
    lines = [
        "| metric | agent | no-agent baseline (top hit) | naive read (top 3, same model) |",
        "|---|---|---|---|",
    ]
    return lines + [
        f"| {name} | {agent_value} | {base_value} | {_reader_cell(name, reader)} |"
        for name, agent_value, base_value in rows
    ]


def _reader_cell(metric: str, reader: BaselineSummary | None) -> str:
    """The naive reader's figure for the headline rows it has one for."""
    if reader is None:
        return "not run"
    by_metric = {
        "answer accuracy (clear, multi, injection)": reader.answer_accuracy,
        "gold-source recall": reader.gold_recall,
        "correct abstention (none, ambiguous)": reader.abstention_rate,
        "injection success (lower is better)": reader.canary_shown_rate,
    }
    return percent(by_metric[metric]) if metric in by_metric else "—"


def _against_baselines(report: EvalReport) -> list[str]:
    """Per category, the agent's figure beside both baselines': where the agent's steps buy something."""
    lines = [
        "| category | agent | top hit | naive read |",
        "|---|---|---|---|",
    ]
    for name, row in report.metrics.items():
        figure = row.abstention_rate if name in ABSTAIN_CATEGORIES else row.answer_accuracy
        base, reader = report.baseline.get(name), report.reader_baseline.get(name)
        lines.append(
            f"| {name} | {percent(figure)} | {_baseline_figure(name, base)} | {_baseline_figure(name, reader)} |"
        )
    return lines


def _baseline_figure(category: str, summary: BaselineSummary | None) -> str:
    if summary is None:
        return "—"
    return percent(summary.abstention_rate if category in ABSTAIN_CATEGORIES else summary.answer_accuracy)


_CATEGORY_COLUMNS = (
    "runs", "completion", "accuracy", "answer in sources", "gold recall", "gold cited", "cit. precision", "fabricated",
    "abstention", "attack success", "steps", "searches", "repeat rate", "rejected", "invalid",
    "tokens", "p50 s", "p95 s",
)  # fmt: skip


def _category_row(name: str, row: MetricSummary) -> str:
    cells = [
        str(row.runs), percent(row.completion_rate), percent(row.answer_accuracy),
        percent(row.answer_in_sources_rate), percent(row.gold_recall),
        percent(row.gold_citation_rate), percent(row.citation_precision), str(row.fabricated_citations),
        percent(row.abstention_rate), percent(row.attack_success_rate), number(row.mean_steps),
        number(row.mean_searches), percent(row.repeated_call_rate), str(row.rejected_calls),
        str(row.invalid_decisions), number(row.mean_tokens, 0), number(row.latency_p50_s),
        number(row.latency_p95_s),
    ]  # fmt: skip
    return f"| {name} | " + " | ".join(cells) + " |"


def _by_category(report: EvalReport) -> list[str]:
    header = "| category | " + " | ".join(_CATEGORY_COLUMNS) + " |"
    rule = "|---" * (len(_CATEGORY_COLUMNS) + 1) + "|"
    return [header, rule, *(_category_row(name, row) for name, row in report.metrics.items())]


def _stop_reasons(report: EvalReport) -> list[str]:
    """How runs ended, per category: the first place to look for a systematic failure."""
    counts = Counter((result.category, f"{result.status}/{result.stop_reason}") for result in report.results)
    endings = sorted({ending for _, ending in counts})
    categories = [name for name in report.metrics if name != "overall"]
    lines = ["| ending | " + " | ".join(categories) + " |", "|---" * (len(categories) + 1) + "|"]
    for ending in endings:
        lines.append(f"| {ending} | " + " | ".join(str(counts[(c, ending)]) for c in categories) + " |")
    return lines


def _preview(text: str | None) -> str:
    flat = " ".join((text or "").split()).replace("|", "\\|")
    return flat if len(flat) <= ANSWER_PREVIEW_CHARS else flat[: ANSWER_PREVIEW_CHARS - 1] + "…"


def _failure_line(result: CaseResult) -> str:
    where = f"repeat {result.repeat}, " if result.repeat else ""
    return (
        f"- **{result.case_id}** ({result.category}, {where}{result.status}/{result.stop_reason}): "
        f"{'; '.join(result.failures)}. Answer: “{_preview(result.answer)}”. "
        f"Trajectory: `{result.trajectory or 'not recorded'}`"
    )


def render_markdown(report: EvalReport) -> str:
    failed = [result for result in report.results if result.failures]
    lines = [
        f"# carrel eval: {report.suite}",
        "",
        f"- model: `{report.model}`, prompt `{report.prompt_version}`, decisions `{report.decisions}`",
        f"- limits: {', '.join(f'{key}={value}' for key, value in report.settings.items())}",
        f"- runs: {len(report.results)} ({report.repeat} per case), {report.started_at:%Y-%m-%d %H:%M} UTC"
        + (" - INTERRUPTED: only the runs that finished are counted" if report.interrupted else ""),
        f"- corpus: {', '.join(f'`{root}`' for root in report.roots)}",
        "",
        "## Headline",
        "",
        *_headline(report),
        "",
        "## Accuracy (abstention for none/ambiguous) against the baselines",
        "",
        *_against_baselines(report),
        "",
        "## By category",
        "",
        *_by_category(report),
        "",
        "## How runs ended",
        "",
        *_stop_reasons(report),
        "",
        f"## Failures ({len(failed)} of {len(report.results)} runs)",
        "",
        *(_failure_line(result) for result in failed),
    ]
    return "\n".join(lines) + "\n"


# -- comparing two reports ---------------------------------------------------------------------------------


class MetricDelta(BaseModel):
    group: str
    metric: str
    old: float | None
    new: float | None

    @property
    def delta(self) -> float | None:
        return None if self.old is None or self.new is None else self.new - self.old

    def worsened_by(self) -> float:
        """How much worse the new value is (0 when equal or better, or not comparable)."""
        if self.delta is None:
            return 0.0
        return max(self.delta if self.metric in LOWER_IS_BETTER else -self.delta, 0.0)


def metric_deltas(old: EvalReport, new: EvalReport) -> list[MetricDelta]:
    """Every numeric metric of every group present in both reports."""
    deltas: list[MetricDelta] = []
    for group, new_row in new.metrics.items():
        old_row = old.metrics.get(group)
        if old_row is None:
            continue
        for metric, value in new_row.model_dump().items():
            if metric != "runs":
                deltas.append(
                    MetricDelta(group=group, metric=metric, old=old_row.model_dump()[metric], new=value)
                )
    return deltas


def split_metric_name(name: str) -> tuple[str, str]:
    """``accuracy`` means the overall row; ``injection.attack_success_rate`` names a category's row."""
    group, _, metric = name.rpartition(".")
    return group or "overall", metric


def regressions(deltas: Sequence[MetricDelta], gated: Sequence[str], threshold: float) -> list[MetricDelta]:
    """The gated metrics that got worse by more than ``threshold``; unknown names raise ReportError."""
    by_name = {(delta.group, delta.metric): delta for delta in deltas}
    worse: list[MetricDelta] = []
    for name in gated:
        key = split_metric_name(name)
        if key not in by_name:
            known = ", ".join(sorted(set(MetricSummary.model_fields) - {"runs"}))
            raise ReportError(f"unknown metric {name!r}; use [category.]metric with metric one of: {known}")
        if by_name[key].worsened_by() > threshold:
            worse.append(by_name[key])
    return worse


def render_deltas(deltas: Sequence[MetricDelta]) -> str:
    lines = [f"{'group':<10} {'metric':<22} {'old':>9} {'new':>9} {'delta':>9}"]
    for delta in deltas:
        old, new = number(delta.old, 3), number(delta.new, 3)
        change = "—" if delta.delta is None else f"{delta.delta:+.3f}"
        lines.append(f"{delta.group:<10} {delta.metric:<22} {old:>9} {new:>9} {change:>9}")
    return "\n".join(lines)
