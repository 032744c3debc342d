"""Running a suite: index the corpus plus the suite's fixtures, run every case through the agent, record
each trajectory, grade it, run the no-agent baseline, and assemble the report.

Nothing here renders anything; the CLI passes an ``on_result`` hook to show progress.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path

from agent.eval.baseline import run_baseline
from agent.eval.judge import CaseResult, judge_case
from agent.eval.reader_baseline import run_reader_baseline
from agent.eval.report import EvalReport, build_report
from agent.eval.suite import EvalCase, Suite
from agent.loop import Agent, final_state
from agent.meaning import TextEmbedder
from agent.settings import AgentSettings, DecisionMode, settings_for_model
from agent.state import AgentState, utc_now
from agent.system_prompt import DEFAULT_PROMPT_VERSION, load_system_prompt
from agent.tool import SearchBackend
from agent.trajectory import RunContext, Trajectory, TrajectoryRecorder, load_trajectory, recorded
from indexer.build import index_folders, list_roots, remove_root
from indexer.errors import IndexCorruptError
from indexer.summary import IndexSummary
from models.protocol import ChatModel

ResultHook = Callable[[int, int, CaseResult], None]


@dataclass(frozen=True)
class EvalPlan:
    """What to run and where: the suite, the indexed folders gold paths are relative to, output places."""

    suite: Suite
    roots: list[Path]
    index_dir: Path
    trajectories_dir: Path
    settings: AgentSettings = field(default_factory=AgentSettings)
    repeat: int = 1
    prompt_version: str = DEFAULT_PROMPT_VERSION
    reader_baseline: bool = True
    model_sha256: str | None = None  # recorded in every trajectory header, as ask and the desk record it


def suite_roots(suite: Suite, corpus_dir: Path) -> list[Path]:
    """The corpus folder, plus the suite's fixture folder (its hostile documents) when it has one."""
    return [corpus_dir, *([suite.fixtures_dir] if suite.fixtures_dir else [])]


def build_eval_index(plan: EvalPlan) -> IndexSummary:
    """Make the index hold exactly the plan's folders: drop any other folder indexed by an earlier run
    (another corpus, or the fixtures of another install), then add or refresh these incrementally.

    The eval index is Carrel's own cache, never the user's, so one written by another version of Carrel
    (or damaged) is rebuilt here rather than reported with advice to rebuild it by hand."""
    try:
        return _refresh_eval_index(plan)
    except IndexCorruptError:
        return index_folders(plan.roots, plan.index_dir, rebuild=True)


def _refresh_eval_index(plan: EvalPlan) -> IndexSummary:
    wanted = {str(root.resolve()) for root in plan.roots}
    for stale in list_roots(plan.index_dir):
        if str(Path(stale.path).resolve()) not in wanted:
            remove_root(plan.index_dir, Path(stale.path))
    return index_folders(plan.roots, plan.index_dir)


def case_task_id(case: EvalCase, repeat: int) -> str:
    """Readable and unique: the trajectory file name says which case it was."""
    return f"{case.id}.r{repeat}.{uuid.uuid4().hex[:8]}"


def run_case(agent: Agent, case: EvalCase, repeat: int, recorder: TrajectoryRecorder) -> AgentState:
    """One task, recorded as it runs; returns the final state."""
    events = agent.run(case.question, task_id=case_task_id(case, repeat))
    return final_state(recorded(events, recorder))


def _display_path(path: Path | None, relative_to: Path | None) -> str | None:
    if path is None:
        return None
    if relative_to is not None and path.is_relative_to(relative_to):
        return path.relative_to(relative_to).as_posix()
    return str(path)


def run_cases(
    plan: EvalPlan,
    agent: Agent,
    context: RunContext,
    *,
    on_result: ResultHook | None = None,
    paths_relative_to: Path | None = None,
) -> tuple[list[CaseResult], bool]:
    """Every case ``plan.repeat`` times, graded as it finishes. Ctrl-C (KeyboardInterrupt) stops after
    the runs already finished, which are returned with ``True`` for "interrupted"."""
    runs = [(case, repeat) for repeat in range(plan.repeat) for case in plan.suite.cases]
    results: list[CaseResult] = []
    try:
        for number, (case, repeat) in enumerate(runs, start=1):
            recorder = TrajectoryRecorder(plan.trajectories_dir, context)
            state = run_case(agent, case, repeat, recorder)
            trajectory = _display_path(recorder.path, paths_relative_to)
            results.append(
                judge_case(
                    case,
                    state,
                    plan.roots,
                    repeat=repeat,
                    trajectory=trajectory,
                    suite_canaries=plan.suite.canaries,
                )
            )
            if on_result is not None:
                on_result(number, len(runs), results[-1])
    except KeyboardInterrupt:
        return results, True
    return results, False


def assemble_report(
    plan: EvalPlan,
    results: list[CaseResult],
    tool: SearchBackend,
    *,
    model_id: str,
    prompt_version: str,
    started: datetime,
    interrupted: bool = False,
    reader: ChatModel | None = None,
    decisions: DecisionMode | None = None,
) -> EvalReport:
    """The report for graded runs, with the no-agent baselines over the same cases (the naive reader
    only when given a model: a regrade of recorded runs has none); ``decisions`` is the mode the runs were made
    in (by default the plan's)."""
    graded = {result.case_id for result in results}
    cases = [case for case in plan.suite.cases if case.id in graded]
    baseline = run_baseline(cases, tool, plan.roots)
    read = run_reader_baseline(cases, tool, reader, plan.roots) if reader and plan.reader_baseline else []
    return build_report(
        results,
        baseline,
        read,
        suite=plan.suite.name,
        suite_path=str(plan.suite.path),
        model=model_id,
        prompt_version=prompt_version,
        decisions=decisions or plan.settings.mode_in_force,
        settings=plan.settings.model_dump(mode="json"),
        roots=[str(root) for root in plan.roots],
        index_dir=str(plan.index_dir),
        repeat=plan.repeat,
        started_at=started,
        finished_at=utc_now(),
        interrupted=interrupted,
    )


def evaluate(
    plan: EvalPlan,
    model: ChatModel,
    tool: SearchBackend,
    *,
    on_result: ResultHook | None = None,
    paths_relative_to: Path | None = None,
    embedder: TextEmbedder | None = None,
) -> EvalReport:
    """Run the suite and the baseline over an already built index (see :func:`build_eval_index`).

    The plan's decision mode is resolved for ``model`` first, so trajectories and report name the mode that ran.
    ``embedder`` is the agent's reader by meaning (``agent.meaning``), as the user's agent would have it.
    """
    started = utc_now()
    plan = replace(plan, settings=settings_for_model(plan.settings, model))
    prompt = load_system_prompt(plan.prompt_version)
    agent = Agent(model=model, tool=tool, settings=plan.settings, prompt=prompt, embedder=embedder)
    context = RunContext(
        model_id=model.model_id,
        model_sha256=plan.model_sha256,
        prompt_version=prompt.version,
        index_path=str(plan.index_dir),
        settings=plan.settings,
    )
    results, interrupted = run_cases(
        plan, agent, context, on_result=on_result, paths_relative_to=paths_relative_to
    )
    return assemble_report(
        plan,
        results,
        tool,
        model_id=model.model_id,
        prompt_version=prompt.version,
        started=started,
        interrupted=interrupted,
        reader=None if interrupted else model,  # Ctrl-C means no more model calls
    )


# -- grading recorded runs again ------------------------------------------------------------------------


def case_of(trajectory: Trajectory, cases: Sequence[EvalCase]) -> tuple[EvalCase, int] | None:
    """The case (and repeat) a recorded eval task ran: its task id is ``<case id>.r<repeat>.<random>``."""
    case_id, _, rest = trajectory.header.task_id.rpartition(".r")
    by_id = {case.id: case for case in cases}
    repeat = rest.partition(".")[0]
    if case_id not in by_id or not repeat.isdigit():
        return None
    return by_id[case_id], int(repeat)


def regrade(
    plan: EvalPlan,
    trajectory_files: Sequence[Path],
    tool: SearchBackend,
    *,
    paths_relative_to: Path | None = None,
) -> EvalReport:
    """Grade recorded eval trajectories again (no model): after a change to the grading rules, or to
    report on a run that was stopped before it wrote its report. Unfinished tasks are skipped."""
    loaded = [load_trajectory(path) for path in sorted(trajectory_files)]
    results: list[CaseResult] = []
    for trajectory in loaded:
        matched = case_of(trajectory, plan.suite.cases)
        if matched is None or trajectory.final_state is None:
            continue
        case, repeat = matched
        path = _display_path(trajectory.path, paths_relative_to)
        results.append(
            judge_case(
                case,
                trajectory.final_state,
                plan.roots,
                repeat=repeat,
                trajectory=path,
                suite_canaries=plan.suite.canaries,
            )
        )
    first = loaded[0].header if loaded else None
    return assemble_report(
        plan,
        results,
        tool,
        model_id=first.model_id if first else "unknown",
        prompt_version=first.prompt_version if first else "unknown",
        started=min((t.header.created_at for t in loaded), default=utc_now()),
        decisions=first.decisions if first else None,
    )
