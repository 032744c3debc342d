"""``carrel ask QUESTION``: run the research agent once, from the command line.

Each step is printed to stderr as it happens; the answer and its numbered sources go to stdout (or, with
``--json``, the final ``AgentState``). Every task is recorded as a trajectory under CARREL_HOME. The first Ctrl-C
asks the agent to stop after the current step (``cancelled``); a second one interrupts at once.

``--continue TRAJECTORY`` (or ``--continue last``) continues a task that stopped ``needs_user``: the new
question refines it, and the sources it found carry over under the same labels (see ``agent.continuation``).

Exit codes: 0 completed, 3 needs_user, 1 failed (or Carrel could not start), 2 usage error.
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

from agent.events import AgentEvent, SearchRan, StatusChanged, StepRecorded, StepStarted, TaskFinished
from agent.loop import Agent
from agent.meaning import TextEmbedder
from agent.settings import AgentSettings
from agent.state import AgentState, ObservationContent, PlanContent, Source
from agent.system_prompt import load_system_prompt
from agent.trajectory import (
    TrajectoryError,
    TrajectoryRecorder,
    list_trajectories,
    load_trajectory,
    recorded,
)
from indexer.errors import IndexProblem
from indexer.search import SearchTool, open_search_tool
from models.errors import ModelError
from models.factory import ModelChoice, open_model
from models.protocol import ChatModel
from tui.cli.options import add_setting_options, given_options, read_config
from tui.cli.text import printable
from tui.home import CarrelHome
from tui.wiring import SettingsError, model_choice, open_embedder, resolve_settings, run_context

EXIT_COMPLETED = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_NEEDS_USER = 3
EXIT_CODES = {"completed": EXIT_COMPLETED, "needs_user": EXIT_NEEDS_USER, "failed": EXIT_FAILED}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Ask a question of the indexed documents. The agent searches (at most --max-searches "
        "times), then answers citing the passages it found, or says why it stopped."
    )
    parser.add_argument("question", nargs="+", help="the question, in plain words")
    parser.add_argument(
        "--index", type=Path, dest="index_dir", help="index folder (default: under CARREL_HOME)"
    )
    parser.add_argument(
        "--model",
        help="GGUF file or scripted:FILE (default: CARREL_MODEL, the config file, the bundled model)",
    )
    parser.add_argument("--json", action="store_true", help="print the final agent state as JSON on stdout")
    parser.add_argument(
        "--continue",
        dest="continue_from",
        metavar="TRAJECTORY",
        help="continue a task that stopped needing you (its trajectory file, or 'last'): the question "
        "refines it, and its sources carry over with the same labels",
    )
    add_setting_options(parser)


class UsageError(Exception):
    """Bad arguments or limits: exit code 2."""


class StartupError(Exception):
    """The index or the model cannot be opened: exit code 1."""


def previous_task(spec: str | None, home: CarrelHome) -> AgentState | None:
    """The final state of the task ``--continue`` names (a trajectory file, or 'last' for the newest)."""
    if spec is None:
        return None
    if spec == "last":
        newest = list_trajectories(home.trajectories_dir)
        if not newest:
            raise UsageError(f"--continue last: no past tasks under {home.trajectories_dir}")
        path = newest[0]
    else:
        path = Path(spec)
    try:
        state = load_trajectory(path).final_state
    except (OSError, TrajectoryError) as error:
        raise UsageError(f"--continue: {error}") from None
    if state is None:
        raise UsageError(f"--continue: {path} holds a task that never finished; ask afresh instead")
    return state


def open_tool(index_dir: Path) -> SearchTool:
    try:
        return open_search_tool(index_dir)
    except IndexProblem as problem:
        raise StartupError(str(problem)) from None


def load_model(choice: ModelChoice, home: CarrelHome) -> ChatModel:
    try:
        return open_model(choice, cache_dir=home.cache_dir)
    except ModelError as error:
        raise StartupError(str(error)) from None


class CancelOnInterrupt:
    """First Ctrl-C: stop after the current step. Second: the default behaviour (KeyboardInterrupt)."""

    def __init__(self) -> None:
        self.requested = False

    def __call__(self) -> bool:
        return self.requested

    def install(self) -> None:
        signal.signal(signal.SIGINT, self._on_interrupt)

    def _on_interrupt(self, signum: int, frame: FrameType | None) -> None:
        self.requested = True
        signal.signal(signal.SIGINT, signal.default_int_handler)
        print("\ncarrel ask: stopping after this step (Ctrl-C again to abort now)", file=sys.stderr)


# -- rendering --------------------------------------------------------------------------------------------


def progress_line(event: AgentEvent) -> str | None:
    """One stderr line for the events a person watching wants to see; None for the rest."""
    if isinstance(event, StepStarted):
        return f"step {event.step}/{event.max_steps}"
    if isinstance(event, SearchRan):
        new = (
            ", ".join(f"{s.label} {printable(Path(s.path).name)}" for s in event.new_sources) or "nothing new"
        )
        return f"  searched ({event.search_count}/{event.max_searches}): {event.result_count} passages; new: {new}"
    if isinstance(event, StepRecorded):
        return step_line(event)
    if isinstance(event, StatusChanged) and event.stop_reason is not None:
        return f"{event.status} ({event.stop_reason}): {event.message}"
    return None


def step_line(event: StepRecorded) -> str | None:
    content = event.step.content
    if isinstance(content, PlanContent):
        if content.action == "search":
            return f"  search {printable(content.query or '')!r}"
        if content.action == "final":
            return f"  answer citing {', '.join(content.citations) or 'nothing'}"
        if content.action == "clarify":
            return f"  asks: {printable(content.question or '')}"
        return f"  invalid decision: {printable(content.raw[:120])!r}"
    if isinstance(content, ObservationContent) and content.error:
        return f"  refused: {printable(content.error)}"
    return None


def source_lines(number: int, source: Source) -> list[str]:
    place = printable(source.path)
    if source.heading and source.heading != source.title:
        place += f" › {printable(source.heading)}"
    if source.page is not None:
        place += f", page {source.page}"
    return [f"  [{number}] {source.label}  {printable(source.title)}", f"      {place}"]


def report(state: AgentState) -> str:
    """What stdout shows: the answer (or why there is none) and the numbered sources behind it."""
    cited = [state.source_by_label(label) for label in state.citations]
    listed = [source for source in cited if source is not None] or state.sources[:5]
    heading = "Sources:" if state.status == "completed" else "Found so far:"
    lines = [state.answer or state.message]
    if state.answer and state.status != "completed":
        lines.append(state.message)
    if listed:
        lines += ["", heading]
        for number, source in enumerate(listed, start=1):
            lines += source_lines(number, source)
    return "\n".join(lines)


def run_agent(events: Iterator[AgentEvent]) -> AgentState:
    state: AgentState | None = None
    for event in events:
        line = progress_line(event)
        if line is not None:
            print(line, file=sys.stderr, flush=True)
        if isinstance(event, TaskFinished):
            state = event.state
    assert state is not None, "the agent always ends with TaskFinished"
    return state


def run(args: argparse.Namespace) -> int:
    question = " ".join(args.question).strip()
    home = CarrelHome.from_environment()
    try:
        if not question:
            raise UsageError("the question is empty")
        previous = previous_task(args.continue_from, home)
        config = read_config(home, "ask")
        settings = resolve_settings(config, given_options(args)).agent
        tool = open_tool(args.index_dir or home.index_dir)
        choice = model_choice(config, args.model)
        model = load_model(choice, home)
        embedder = open_embedder(home, settings, warn=_warn)
    except (UsageError, SettingsError) as error:
        print(f"carrel ask: {error}", file=sys.stderr)
        return EXIT_USAGE
    except (StartupError, ModelError) as error:
        print(f"carrel ask: {error}", file=sys.stderr)
        return EXIT_FAILED
    return ask(
        question,
        settings,
        tool,
        model,
        choice,
        home,
        as_json=args.json,
        previous=previous,
        embedder=embedder,
    )


def _warn(message: str) -> None:
    print(f"carrel ask: warning: {message}", file=sys.stderr)


def ask(
    question: str,
    settings: AgentSettings,
    tool: SearchTool,
    model: ChatModel,
    choice: ModelChoice,
    home: CarrelHome,
    *,
    as_json: bool,
    previous: AgentState | None = None,
    embedder: TextEmbedder | None = None,
) -> int:
    prompt = load_system_prompt()
    context = run_context(
        model_id=model.model_id,
        choice=choice,
        prompt_version=prompt.version,
        index_path=str(tool.index_dir),
        document_count=tool.stats().documents,
        settings=settings,
    )
    cancel = CancelOnInterrupt()
    agent = Agent(model=model, tool=tool, settings=settings, prompt=prompt, embedder=embedder)
    try:
        events = agent.run(question, should_cancel=cancel, previous=previous)
    except ValueError as error:  # a completed or still-running task cannot be continued
        print(f"carrel ask: --continue: {error}", file=sys.stderr)
        return EXIT_USAGE
    cancel.install()
    recorder = TrajectoryRecorder(home.trajectories_dir, context)
    state = run_agent(recorded(events, recorder))
    if recorder.path is not None:
        print(f"trajectory: {recorder.path}", file=sys.stderr)
    print(state.model_dump_json(indent=2) if as_json else report(state))
    return EXIT_CODES.get(state.status, EXIT_FAILED)
