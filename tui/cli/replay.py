"""``carrel replay TRAJECTORY.jsonl``: show a recorded task step by step; ``--rerun`` replays the model's
recorded decisions through the current agent code and reports where the new run diverges.

    carrel replay ~/.local/share/carrel/trajectories/2026-12-02/<task>.jsonl
    carrel replay --rerun <task>.jsonl                # exit 1 if today's code takes another path
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from agent.eval.replay import Divergence, RerunOutcome, rerun_trajectory
from agent.events import ContinuedFrom, SearchRan, StepRecorded, StepStarted, TaskFinished, TokensUsed
from agent.state import (
    AgentState,
    Continuation,
    FinalContent,
    ObservationContent,
    PlanContent,
    Source,
    Step,
    ToolCallContent,
)
from agent.trajectory import Trajectory, TrajectoryError, load_trajectory
from indexer.errors import IndexProblem
from indexer.search import open_search_tool
from tui.home import CarrelHome
from tui.wiring import open_embedder

EXIT_DIVERGED = 1
EXIT_USAGE = 2
PREVIEW_CHARS = 300


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Render a trajectory file step by step. With --rerun, feed the recorded model outputs "
        "back through the current agent (no model needed) over the same index and report the first step "
        "where the new run differs; exit 1 if it does."
    )
    parser.add_argument("trajectory", type=Path, metavar="TRAJECTORY.jsonl")
    parser.add_argument("--rerun", action="store_true", help="replay through the current agent code")
    parser.add_argument(
        "--index", type=Path, dest="index_dir", help="index to search (default: the recorded one)"
    )


def run(args: argparse.Namespace) -> int:
    try:
        trajectory = load_trajectory(args.trajectory.expanduser())
    except TrajectoryError as error:
        print(f"carrel replay: {error}", file=sys.stderr)
        return EXIT_USAGE
    if not args.rerun:
        print("\n".join(render_trajectory(trajectory)))
        return 0
    return rerun(trajectory, args.index_dir)


# -- rendering a recorded task ----------------------------------------------------------------------------


def one_line(text: str | None, limit: int = PREVIEW_CHARS) -> str:
    flat = " ".join((text or "").split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def header_lines(trajectory: Trajectory) -> list[str]:
    header = trajectory.header
    limits = ", ".join(f"{key} {value}" for key, value in header.settings.items())
    return [
        f"Task {header.task_id}  ({header.created_at:%Y-%m-%d %H:%M:%S} UTC, carrel {header.carrel_version})",
        f"Question: {header.question}",
        f"Model: {header.model_id}   prompt: {header.prompt_version}   index: {header.index_path or '?'}",
        f"Limits: {limits}",
    ]


def label_line(state: AgentState | None, label: str) -> str:
    source = state.source_by_label(label) if state else None
    return f"    {label}" if source is None else source_line(source)


def source_line(source: Source) -> str:
    where = f" > {source.heading}" if source.heading else ""
    page = f" p.{source.page}" if source.page else ""
    return f"    {source.label}  {source.title} — {source.path}{where}{page}"


def step_lines(step: Step, state: AgentState | None) -> list[str]:
    """A recorded step in a few terminal lines."""
    content = step.content
    if isinstance(content, PlanContent):
        if content.action == "search":
            return [f"  decide: search {content.query!r}"]
        if content.action == "final":
            return [f"  decide: final answer citing {', '.join(content.citations) or 'nothing'}"]
        if content.action == "clarify":
            return [f"  decide: ask the user {content.question!r}"]
        return [f"  decide: INVALID reply {one_line(content.raw, 120)!r}"]
    if isinstance(content, ToolCallContent):
        outcome = "ran" if content.executed and not content.refusal else f"refused ({content.refusal})"
        return [f"  search {content.query!r} limit {content.limit}: {outcome}"]
    if isinstance(content, ObservationContent):
        if content.error:
            return [f"  observe: error - {content.error}"]
        new = f" (new: {', '.join(content.new_labels)})" if content.new_labels else " (nothing new)"
        return [f"  observe: {len(content.labels)} sources{new}"] + [
            label_line(state, label) for label in content.new_labels
        ]
    assert isinstance(content, FinalContent)
    return [f"  end: {content.status} ({content.stop_reason}) - {content.message}"]


def event_lines(trajectory: Trajectory) -> Iterator[str]:
    state = trajectory.final_state
    for event in trajectory.events:
        if isinstance(event, ContinuedFrom):
            yield from continuation_lines(event.continuation)
        elif isinstance(event, StepStarted):
            yield f"Step {event.step}/{event.max_steps}"
        elif isinstance(event, StepRecorded):
            yield from step_lines(event.step, state)
        elif isinstance(event, SearchRan):
            yield f"  {event.result_count} results; searches {event.search_count}/{event.max_searches}"
        elif isinstance(event, TokensUsed):
            yield f"  tokens: +{event.prompt_tokens}+{event.completion_tokens} -> {event.tokens_used}/{event.token_budget}"
        elif isinstance(event, TaskFinished):
            yield from outcome_lines(event.state)


def plural(number: int, one: str, many: str | None = None) -> str:
    return f"{number} {one if number == 1 else many or one + 's'}"


def continuation_lines(continuation: Continuation) -> list[str]:
    """A continued task: which task it continues and what it carried over (labels keep their meaning)."""
    labels = ", ".join(continuation.labels) or "none"
    return [
        f"Continues task {continuation.task_id} ({continuation.stop_reason}), asked first as: "
        f"{one_line(continuation.questions[0] if continuation.questions else '', 200)}",
        f"  carried over: {plural(len(continuation.sources), 'source')} ({labels}), "
        f"{plural(len(continuation.queries), 'search', 'searches')} already run",
        *(source_line(source) for source in continuation.sources),
    ]


def outcome_lines(state: AgentState) -> list[str]:
    lines = ["", f"Outcome: {state.status} ({state.stop_reason}) after {state.step_count} steps, "
             f"{state.search_count} searches, {state.tokens_used} tokens, {state.timings.wall_seconds:.1f}s"]  # fmt: skip
    if state.answer:
        lines += ["Answer:", f"  {one_line(state.answer, 2000)}"]
    if state.citations:
        lines += ["Cited:", *(label_line(state, label) for label in state.citations)]
    return lines


def render_trajectory(trajectory: Trajectory) -> list[str]:
    lines = [*header_lines(trajectory), "", *event_lines(trajectory)]
    if trajectory.truncated or not trajectory.complete:
        lines.append("(the recording ends here: the process stopped before the task finished)")
    return lines


# -- re-running -------------------------------------------------------------------------------------------


def divergence_lines(divergence: Divergence) -> list[str]:
    return [
        f"DIVERGED at step record {divergence.index}: {', '.join(divergence.fields)} differ",
        f"  recorded: {one_line(json.dumps(divergence.recorded, ensure_ascii=False))}",
        f"  rerun:    {one_line(json.dumps(divergence.rerun, ensure_ascii=False))}",
    ]


def outcome_summary(outcome: RerunOutcome) -> list[str]:
    state = outcome.state
    lines = [
        f"rerun with prompt {outcome.prompt_version}: {state.status} ({state.stop_reason}); "
        f"used {outcome.replies_used} of {outcome.replies_recorded} recorded model outputs",
    ]
    if outcome.prompt_note:
        lines.append(f"note: {outcome.prompt_note}")
    if outcome.divergence is None:
        lines.append("identical: the current code takes exactly the recorded path")
    else:
        lines += divergence_lines(outcome.divergence)
    return lines


def rerun(trajectory: Trajectory, index_dir: Path | None) -> int:
    index = index_dir or (Path(trajectory.header.index_path) if trajectory.header.index_path else None)
    if index is None:
        print("carrel replay: the trajectory names no index; pass --index DIR", file=sys.stderr)
        return EXIT_USAGE
    settings = trajectory.header.agent_settings()
    embedder = open_embedder(CarrelHome.from_environment(), settings, warn=_warn)
    try:
        outcome = rerun_trajectory(trajectory, open_search_tool(index.expanduser()), embedder)
    except (IndexProblem, ValueError) as error:
        print(f"carrel replay: {error}", file=sys.stderr)
        return EXIT_USAGE
    print("\n".join(outcome_summary(outcome)))
    return 0 if outcome.divergence is None else EXIT_DIVERGED


def _warn(message: str) -> None:
    print(f"carrel replay: warning: {message}", file=sys.stderr)
