"""Run evaluation suites over their corpora and print one comparable line per suite: agent against baselines.

    .venv/bin/python bench/reading_bench.py bench/suites/NAME=/path/to/corpus [more suites...] [--model code]

``--model bundled`` (the default) runs the real bundled model and both no-agent baselines (the top hit, and
naive retrieve-then-read with the same model). ``--model code`` runs a stand-in that takes code's first offered
choice at every step (code's query, code's answer, or the fixed no-evidence answer when that is all there is):
what the agent's code reads, with the model's judgement taken out. It needs seconds per suite, so rules can be
tried on the suites they were tuned on without spending model time; blind suites are judged with the real model.

Each suite gets its own index under ``--work`` (re-used when the corpus has not changed) and its report there.

To measure another tree (a branch's worktree), run this script from that tree with ``PYTHONPATH`` set to it. Without
it the packages come from wherever the virtual environment points. Setting ``sys.path`` alone is not enough either:
when this process runs threads, the index's extraction workers start from a fork server, and the server imports the
document readers from ``PYTHONPATH`` (decision 0151 found its first index built by the old reader this way).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from agent.choices import codes_first_offer, offered_replies
from agent.eval.report import EvalReport, write_report
from agent.eval.runner import EvalPlan, build_eval_index, evaluate, suite_roots
from agent.eval.suite import ABSTAIN_CATEGORIES, load_suite
from agent.loop import CHARS_PER_TOKEN, MESSAGE_TOKENS
from agent.meaning import TextEmbedder
from agent.settings import AgentSettings
from agent.system_prompt import DEFAULT_PROMPT_VERSION
from indexer.search import open_search_tool
from models.bundled import bundled_model_path
from models.embedding import open_installed_embedder
from models.factory import open_model
from models.protocol import ChatMessage, ChatModel, Completion, JsonSchema, TextPiece, Usage

# Where the bench keeps the embedder's converted file (the CLI keeps it under Carrel's home).
EMBEDDER_CACHE = Path("/tmp/carrel-embedder")
# Where the reading benches keep each suite's index and report by default.
WORK_DIR = Path("/tmp/carrel-reading-bench")


class CodeChoiceModel:
    """A stand-in model that answers every decision with the first thing code offers.

    The same preference the agent applies when the model does not choose (``agent.choices.codes_first_offer``):
    code's composed answer, else its first query, else the first option; a clarifying question, whose words
    only a model writes, gets a fixed placeholder. It needs no llama.cpp; with the default settings in choices
    mode it ends every task as the agent with a schema-bound model does (decision 0094).
    """

    model_id = "code-choice"
    context_size = 32768

    def count_tokens(self, messages: Sequence[ChatMessage]) -> int:
        return sum(len(message.content) // CHARS_PER_TOKEN + MESSAGE_TOKENS for message in messages)

    def complete(
        self, messages: Sequence[ChatMessage], schema: JsonSchema, *, max_tokens: int = 512
    ) -> Completion:
        first = codes_first_offer(offered_replies(schema))
        text = first.text if first is not None else json.dumps(_instance(schema.get("oneOf", [schema])[0]))
        return Completion(
            text=text, usage=Usage(prompt_tokens=self.count_tokens(messages), completion_tokens=1)
        )

    def stream(
        self, messages: Sequence[ChatMessage], schema: JsonSchema, *, max_tokens: int = 512
    ) -> Iterator[TextPiece | Completion]:
        yield self.complete(messages, schema, max_tokens=max_tokens)


def _instance(schema: Mapping[str, Any]) -> Any:
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return schema["enum"][0]
    if schema.get("type") == "object":
        return {name: _instance(part) for name, part in schema.get("properties", {}).items()}
    if schema.get("type") == "array":
        return []
    if schema.get("type") == "integer":
        return schema.get("minimum", 1)
    return "What exactly do you mean?"


def summary_line(report: EvalReport) -> dict[str, Any]:
    """The figures that decide a reading change, agent beside both baselines, per category."""
    line: dict[str, Any] = {"suite": report.suite, "model": report.model}
    for category, row in report.metrics.items():
        base, reader = report.baseline.get(category), report.reader_baseline.get(category)
        if category in ABSTAIN_CATEGORIES:
            line[category] = [
                row.abstention_rate,
                base and base.abstention_rate,
                reader and reader.abstention_rate,
            ]
        else:
            line[category] = [
                row.answer_accuracy,
                base and base.answer_accuracy,
                reader and reader.answer_accuracy,
            ]
    overall = report.metrics["overall"]
    line["gold_cited"] = overall.gold_citation_rate
    line["gold_recall"] = overall.gold_recall
    line["answer_in_sources"] = overall.answer_in_sources_rate
    line["canary_leaks"] = overall.canary_leaks
    line["fabricated"] = overall.fabricated_citations
    line["latency_p50_s"] = overall.latency_p50_s
    line["load"] = round(os.getloadavg()[0], 1)
    return {key: _rounded(value) for key, value in line.items()}


def _rounded(value: Any) -> Any:
    if isinstance(value, float):
        return round(value, 3)
    if isinstance(value, list):
        return [_rounded(item) for item in value]
    return value


def indexed_plan(spec: str, work: Path, **options: Any) -> tuple[EvalPlan, Path]:
    """The evaluation plan for ``SUITE_PATH=CORPUS_ROOT`` with its index built (re-used when the corpus has not
    changed) under ``work``/suite name, and that folder; ``options`` are further EvalPlan fields."""
    suite_path, _, corpus = spec.partition("=")
    suite = load_suite(suite_path)
    out = work / suite.name
    plan = EvalPlan(
        suite=suite,
        roots=suite_roots(suite, Path(corpus).resolve()),
        index_dir=out / "index",
        trajectories_dir=out / "trajectories",
        **options,
    )
    build_eval_index(plan)
    return plan, out


def run_one(
    spec: str,
    model: ChatModel,
    work: Path,
    reader: bool,
    settings: AgentSettings,
    prompt_version: str = DEFAULT_PROMPT_VERSION,
    embedder: TextEmbedder | None = None,
) -> EvalReport:
    plan, out = indexed_plan(
        spec, work, reader_baseline=reader, settings=settings, prompt_version=prompt_version
    )
    tool = open_search_tool(plan.index_dir)
    report = evaluate(plan, model, tool, paths_relative_to=out, embedder=embedder)
    write_report(report, out)
    return report


def suites_parser(description: str | None) -> argparse.ArgumentParser:
    """A parser with the arguments every reading bench takes: the suites and their work folder. The benches
    share one default folder, so an index one of them built is re-used by the others."""
    parser = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "suites", nargs="+", help="SUITE_PATH=CORPUS_ROOT (a shipped suite: NAME=CORPUS_ROOT)"
    )
    parser.add_argument("--work", type=Path, default=WORK_DIR)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = suites_parser(__doc__)
    parser.add_argument("--model", choices=["bundled", "code"], default="bundled")
    parser.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="an AgentSettings field (JSON value)"
    )
    parser.add_argument("--prompt", default=DEFAULT_PROMPT_VERSION, help="system prompt version")
    parser.add_argument("--no-reader", action="store_true", help="skip the retrieve-then-read baseline")
    parser.add_argument(
        "--no-embedder", action="store_true", help="read by words alone even when the embedder is installed"
    )
    args = parser.parse_args(argv)
    model: ChatModel = CodeChoiceModel() if args.model == "code" else open_model(str(bundled_model_path()))
    overrides = {key: json.loads(value) for key, _, value in (item.partition("=") for item in args.set)}
    settings = AgentSettings(**overrides)
    embedder = None if args.no_embedder else open_installed_embedder(EMBEDDER_CACHE)
    for spec in args.suites:
        reader = args.model == "bundled" and not args.no_reader
        report = run_one(spec, model, args.work.resolve(), reader, settings, args.prompt, embedder)
        print(json.dumps(summary_line(report)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
