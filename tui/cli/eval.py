"""``carrel eval``: run a regression suite through the agent and grade every trajectory; or compare two
reports as a regression gate.

    carrel eval python-reference                       # the shipped suite, bundled model
    carrel eval python-reference --model scripted:run.jsonl --out /tmp/eval
    carrel eval --compare old/report.json new/report.json --metric answer_accuracy --threshold 0.05

Progress goes to stderr, one line per case; where the report was written goes to stdout.
"""

from __future__ import annotations

import argparse
import signal
import sys
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

from agent.eval.judge import CaseResult
from agent.eval.report import (
    EvalReport,
    ReportError,
    load_report,
    metric_deltas,
    regressions,
    render_deltas,
    write_report,
)
from agent.eval.runner import EvalPlan, ResultHook, build_eval_index, evaluate, regrade, suite_roots
from agent.eval.suite import Suite, SuiteError, load_suite, shipped_suite_names
from agent.settings import AgentSettings
from agent.system_prompt import DEFAULT_PROMPT_VERSION, load_system_prompt
from corpus.demo import write_demo_corpus
from indexer.errors import IndexProblem
from indexer.search import open_search_tool
from models.errors import ModelError
from models.factory import ModelChoice, open_model
from tui.cli.options import add_setting_options, given_options, read_config
from tui.config import CarrelConfig
from tui.home import CarrelHome
from tui.wiring import SettingsError, model_choice, model_sha256, open_embedder, resolve_settings

EXIT_REGRESSION = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
DEFAULT_GATE = "answer_accuracy"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Run every case of SUITE (a JSONL file, or the name of a shipped suite: "
        f"{', '.join(shipped_suite_names())}) and write report.json and report.md. "
        "With --compare, print the deltas between two reports and exit 1 if a gated metric got worse."
    )
    parser.add_argument("suite", nargs="?", metavar="SUITE", help="suite file or shipped suite name")
    parser.add_argument(
        "--corpus", type=Path, help="corpus folder (default: the demo corpus, written if missing)"
    )
    parser.add_argument(
        "--index", type=Path, dest="index_dir", help="index folder (default: under CARREL_HOME)"
    )
    parser.add_argument("--model", help="GGUF path or scripted:FILE (default: as for carrel ask)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per case (default 1)")
    parser.add_argument(
        "--prompt",
        default=DEFAULT_PROMPT_VERSION,
        help=f"system prompt version (default {DEFAULT_PROMPT_VERSION})",
    )
    parser.add_argument("--out", type=Path, help="report folder (default: CARREL_HOME/eval/SUITE-TIME)")
    parser.add_argument(
        "--case", action="append", default=[], metavar="ID|CATEGORY", help="run only these cases (repeatable)"
    )
    parser.add_argument(
        "--regrade",
        type=Path,
        metavar="DIR",
        help="grade the trajectories an earlier run recorded in DIR again (no model); report to --out or DIR",
    )
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("OLD", "NEW"), help="compare two reports")
    parser.add_argument(
        "--metric",
        action="append",
        default=[],
        metavar="[CATEGORY.]METRIC",
        help=f"metric gated by --compare (repeatable; default {DEFAULT_GATE})",
    )
    parser.add_argument("--threshold", type=float, default=0.0, help="allowed worsening (default 0)")
    add_setting_options(parser)


def run(args: argparse.Namespace) -> int:
    if args.compare:
        return compare(args.compare[0], args.compare[1], args.metric or [DEFAULT_GATE], args.threshold)
    if not args.suite:
        print("carrel eval: give a SUITE to run, or --compare OLD NEW", file=sys.stderr)
        return EXIT_USAGE
    if args.repeat < 1:
        print("carrel eval: --repeat must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    try:
        return run_suite(args)
    except (SuiteError, IndexProblem, ModelError, FileNotFoundError, SettingsError) as error:
        print(f"carrel eval: {error}", file=sys.stderr)
        return EXIT_USAGE


# -- running a suite -------------------------------------------------------------------------------------


def selected(suite: Suite, wanted: list[str]) -> Suite:
    """The suite restricted to the cases named by id or category, in the order named (so a long run
    can interleave categories); all of it when nothing is named."""
    if not wanted:
        return suite
    cases = [case for name in wanted for case in suite.cases if name in (case.id, case.category)]
    cases = list({case.id: case for case in cases}.values())
    if not cases:
        raise SuiteError(f"{suite.path}: no case has the id or category {', '.join(wanted)}")
    return replace(suite, cases=cases)


def corpus_folder(args: argparse.Namespace, home: CarrelHome) -> Path:
    """The user's --corpus as given, or the demo corpus (written or refreshed, idempotently)."""
    if args.corpus is not None:
        return Path(args.corpus).expanduser().resolve()
    write_demo_corpus(home.demo_corpus_dir)
    return home.demo_corpus_dir.resolve()


def chosen_model(args: argparse.Namespace, home: CarrelHome, config: CarrelConfig) -> ModelChoice:
    choice = model_choice(config, args.model)
    print(f"model: {choice.describe()}", file=sys.stderr)
    return choice


def eval_settings(args: argparse.Namespace, config: CarrelConfig) -> AgentSettings:
    """The settings ask and the desk would use with this config, plus this command's options; every value
    that is not the agent's default is named on stderr, so a report is never read as a run at defaults."""
    resolved = resolve_settings(config, given_options(args))
    print(f"settings: {resolved.origin_line()}", file=sys.stderr)
    return resolved.agent


def default_out(home: CarrelHome, suite: Suite) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return home.root / "eval" / f"{suite.name}-{stamp}"


def case_line(number: int, total: int, result: CaseResult) -> str:
    verdict = "ok" if not result.failures else "FAIL " + "; ".join(result.failures)
    width = len(str(total))
    return (
        f"[{number:>{width}}/{total}] {result.case_id:<32} {result.steps} steps "
        f"{result.latency_s:5.1f}s  {verdict}"
    )


def _printer(stream: TextIO) -> ResultHook:
    def on_result(number: int, total: int, result: CaseResult) -> None:
        print(case_line(number, total, result), file=stream, flush=True)

    return on_result


def eval_plan(
    args: argparse.Namespace, home: CarrelHome, suite: Suite, out_dir: Path, settings: AgentSettings
) -> EvalPlan:
    return EvalPlan(
        suite=suite,
        roots=suite_roots(suite, corpus_folder(args, home)),
        index_dir=(args.index_dir or home.cache_dir / "eval-index" / suite.name).expanduser().resolve(),
        trajectories_dir=out_dir / "trajectories",
        settings=settings,
        repeat=args.repeat,
        prompt_version=args.prompt,
    )


def stop_on_sigterm() -> None:
    """``kill PID`` stops a long run like Ctrl-C does: the finished runs are still reported."""

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)


def run_suite(args: argparse.Namespace) -> int:
    home = CarrelHome.from_environment().ensure()
    suite = selected(load_suite(args.suite), args.case)
    config = read_config(home, "eval")
    settings = eval_settings(args, config)
    if args.regrade is not None:
        return regrade_run(args, home, suite, settings)
    load_system_prompt(args.prompt)  # a missing prompt version fails now, not after indexing
    out_dir = (args.out or default_out(home, suite)).expanduser().resolve()
    plan = eval_plan(args, home, suite, out_dir, settings)
    summary = build_eval_index(plan)
    print(
        f"index: {plan.index_dir} ({summary.documents} documents, {summary.passages} passages)",
        file=sys.stderr,
    )
    choice = chosen_model(args, home, config)
    model = open_model(choice, cache_dir=home.cache_dir)
    plan = replace(plan, model_sha256=model_sha256(choice))
    tool = open_search_tool(plan.index_dir)
    embedder = open_embedder(home, settings, warn=_warn)
    stop_on_sigterm()
    report = evaluate(
        plan, model, tool, on_result=_printer(sys.stderr), paths_relative_to=out_dir, embedder=embedder
    )
    return finish(report, out_dir)


def _warn(message: str) -> None:
    print(f"carrel eval: warning: {message}", file=sys.stderr)


def finish(report: EvalReport, out_dir: Path) -> int:
    json_path, markdown_path = write_report(report, out_dir)
    if report.interrupted:
        print(f"interrupted after {len(report.results)} runs; the report covers those", file=sys.stderr)
    print(f"report: {markdown_path}\n        {json_path}")
    return EXIT_INTERRUPTED if report.interrupted else 0


def regrade_run(args: argparse.Namespace, home: CarrelHome, suite: Suite, settings: AgentSettings) -> int:
    """Grade an earlier run's trajectories again, over the same corpus and index, without a model."""
    recorded_dir = Path(args.regrade).expanduser().resolve()
    out_dir = (args.out or recorded_dir).expanduser().resolve()
    files = sorted(recorded_dir.rglob("*.jsonl"))
    if not files:
        raise SuiteError(f"{recorded_dir}: no trajectory files to regrade")
    plan = eval_plan(args, home, suite, out_dir, settings)
    build_eval_index(plan)
    report = regrade(plan, files, open_search_tool(plan.index_dir), paths_relative_to=out_dir)
    print(f"regraded {len(report.results)} of {len(files)} trajectories", file=sys.stderr)
    return finish(report, out_dir)


# -- comparing two reports -------------------------------------------------------------------------------


def compare(old_path: Path, new_path: Path, gated: list[str], threshold: float) -> int:
    """Print every delta; exit 1 when a gated metric got worse by more than ``threshold``."""
    try:
        old, new = load_report(old_path), load_report(new_path)
        deltas = metric_deltas(old, new)
        worse = regressions(deltas, gated, threshold)
    except ReportError as error:
        print(f"carrel eval: {error}", file=sys.stderr)
        return EXIT_USAGE
    print(render_deltas(deltas))
    for delta in worse:
        print(
            f"REGRESSION: {delta.group}.{delta.metric} {delta.old:.3f} -> {delta.new:.3f} "
            f"(allowed worsening {threshold:g})"
        )
    if not worse:
        print(f"no regression in {', '.join(gated)} (threshold {threshold:g})")
    return EXIT_REGRESSION if worse else 0
