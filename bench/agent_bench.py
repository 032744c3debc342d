"""Agent benchmark: a fixed set of questions over the demo corpus with the default model, one JSON line out.

What it measures, per task and averaged:
- ``wall_s_mean``: the whole task as a caller sees it (consuming every event, recording the trajectory);
- ``model_s_mean``: time inside the model's stream (prompt evaluation and generation);
- ``overhead_fraction``: everything that is not the model call (search, schema building, wrapping, validation,
  events, trajectory writes) as a share of wall time - target <= 3 %;
- ``prompt_tokens_evaluated`` vs ``prompt_tokens_final``: the prompt tokens the model really evaluated over all
  calls of a task vs the size of that task's final prompt, summed over tasks; the ratio shows KV-cache prefix
  reuse (the prompt is append-only within a task) - target <= 1.2. The cache is cleared between tasks so the
  figure is about reuse within a task only;
- steps and searches per task, and how the tasks ended.

Usage: ``.venv/bin/python bench/agent_bench.py [--model PATH] [--questions N] [--work-dir DIR]``

``--prompts system-v1,system-v2 --rounds N`` compares system prompts: the same questions with each prompt in
turn, interleaved round by round on one loaded model, one JSON line per prompt and round (with ``wall_s_p50``). ``--embedder off,on`` does the
same without and with the installed sentence embedder (``agent.meaning``).

``--under-load ROUNDS`` measures instead how questions slow down when other programs want the CPU: the same
questions with no extra load, beside one busy process (a pure-Python loop) and beside two, interleaved round
by round, for each thread policy (``--arms``; ``fixed`` is llama.cpp's defaults: every core, long spin-waits;
``adaptive`` is Carrel's: threads for the free cores, short spin-waits). Each policy runs in its own process
(libgomp reads its wait policy once per process), which loads the model and answers one warm-up question
first. Prints per policy and load the p50 seconds per question and its ratio to the same policy's unloaded
p50, beside the 1-minute load average; ``--out FILE`` also writes the JSON there.

``--first-call PROCESSES`` measures what a first question costs: fresh processes, alternately cold (the model
loaded, nothing else) and warmed (``agent.loop.warm_up`` after loading, as the desk does while the user types),
each asking the ``--questions`` questions in a rotated order without clearing the cache between them (as the
desk does). Prints per arm the first question's p50 seconds against the p50 of later ones, and the ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from agent.events import TaskFinished, TokensUsed
from agent.loop import Agent, warm_up
from agent.meaning import TextEmbedder
from agent.settings import AgentSettings
from agent.state import AgentState
from agent.system_prompt import DEFAULT_PROMPT_VERSION, SystemPrompt, load_system_prompt
from agent.trajectory import RunContext, TrajectoryRecorder, recorded
from corpus.demo import write_demo_corpus
from indexer.build import index_folders
from indexer.search import open_search_tool
from models.embedding import open_installed_embedder
from models.factory import open_model, resolve_model_spec
from models.protocol import ChatModel
from models.settings import ModelSettings

# Fixed questions over the demo corpus (Python's language reference topics): answerable ones, two-part ones,
# and ones the corpus cannot answer.
QUESTIONS = (
    "What exception does a failing assert statement raise?",
    "What does the pass statement do when it is executed?",
    "Which exception is raised when del is used on a name that is unbound?",
    "What value does a function return when its return statement has no expression?",
    "What does the expression 10**-2 return?",
    "Which two special methods does the with statement call on a context manager?",
    "Which port does the http.server module listen on by default?",
    "What is the capital city of Australia?",
)


def demo_index(work_dir: Path) -> Path:
    corpus = write_demo_corpus(work_dir / "demo-corpus")
    index_dir = work_dir / "index"
    index_folders([corpus.root], index_dir)
    return index_dir


def forget_cache(model: ChatModel) -> None:
    """Start each task with an empty KV cache, so prefix reuse is measured within a task only."""
    forget = getattr(model, "forget_cache", None)
    if callable(forget):
        forget()


def agent_over(
    model: ChatModel,
    index_dir: Path,
    settings: AgentSettings,
    prompt: SystemPrompt | None = None,
    embedder: TextEmbedder | None = None,
) -> tuple[Agent, RunContext]:
    """An agent over the index at ``index_dir`` and the run context its trajectories are recorded under."""
    tool = open_search_tool(index_dir)
    agent = Agent(
        model=model, tool=tool, settings=settings, prompt=prompt or load_system_prompt(), embedder=embedder
    )
    context = RunContext(
        model_id=model.model_id,
        prompt_version=agent.prompt.version,
        index_path=str(index_dir),
        document_count=tool.stats().documents,
        settings=settings,
    )
    return agent, context


def run_task(agent: Agent, question: str, recorder: TrajectoryRecorder) -> dict[str, Any]:
    started = time.perf_counter()
    last_prompt_tokens = 0
    state: AgentState | None = None
    for event in recorded(agent.run(question), recorder):
        if isinstance(event, TokensUsed):
            last_prompt_tokens = event.prompt_tokens
        if isinstance(event, TaskFinished):
            state = event.state
    wall = time.perf_counter() - started
    assert state is not None
    return {
        "question": question,
        "status": state.status,
        "stop_reason": state.stop_reason,
        "wall_s": wall,
        "model_s": state.timings.model_seconds,
        "tool_s": state.timings.tool_seconds,
        "steps": state.step_count,
        "searches": state.search_count,
        "prompt_tokens_evaluated": state.prompt_tokens_evaluated,
        "prompt_tokens_final": last_prompt_tokens,
        "tokens_used": state.tokens_used,
    }


def summary(tasks: list[dict[str, Any]], model_id: str) -> dict[str, Any]:
    wall = sum(task["wall_s"] for task in tasks)
    model = sum(task["model_s"] for task in tasks)
    evaluated = sum(task["prompt_tokens_evaluated"] for task in tasks)
    final = sum(task["prompt_tokens_final"] for task in tasks)
    return {
        "bench": "agent",
        "model": model_id,
        "tasks": len(tasks),
        "wall_s_mean": round(statistics.fmean(task["wall_s"] for task in tasks), 3),
        "wall_s_p50": round(statistics.median(task["wall_s"] for task in tasks), 3),
        "wall_s_max": round(max(task["wall_s"] for task in tasks), 3),
        "model_s_mean": round(statistics.fmean(task["model_s"] for task in tasks), 3),
        "tool_s_mean": round(statistics.fmean(task["tool_s"] for task in tasks), 4),
        "overhead_fraction": round((wall - model) / wall, 4) if wall else 0.0,
        "prompt_tokens_evaluated": evaluated,
        "prompt_tokens_final": final,
        "prompt_reuse_ratio": round(evaluated / final, 3) if final else None,
        "steps_mean": round(statistics.fmean(task["steps"] for task in tasks), 2),
        "searches_mean": round(statistics.fmean(task["searches"] for task in tasks), 2),
        "tokens_used_mean": round(statistics.fmean(task["tokens_used"] for task in tasks), 1),
        "outcomes": dict(Counter(f"{task['status']}/{task['stop_reason']}" for task in tasks)),
        "load_average_1m": round(os.getloadavg()[0], 2),
    }


# A thread policy: how its process's model is set up, and the environment its process starts with.
ARMS: dict[str, tuple[dict[str, Any], dict[str, str]]] = {
    "fixed": ({"adapt_threads": False}, {"GOMP_SPINCOUNT": "300000"}),  # libgomp's own default
    "adaptive": ({"adapt_threads": True}, {}),
    # Before decision 0090: one thread for prompts too when no core is free.
    "adaptive-one": ({"adapt_threads": True, "contend_for_prompt": False}, {}),
}
BUSY_CODE = "while True: pass"
LOADS = (0, 1, 2)


def serve_arm(arm: str, index_dir: Path, model_spec: str | None, work_dir: Path) -> None:
    """Answer question lists read from stdin (one JSON list a line), one JSON line of figures for each."""
    model = open_model(
        resolve_model_spec(model_spec, os.environ, None), settings=ModelSettings(**ARMS[arm][0])
    )
    agent, context = agent_over(model, index_dir, AgentSettings())
    recorder = TrajectoryRecorder(work_dir / f"trajectories-{arm}", context)
    run_task(agent, QUESTIONS[-1], recorder)  # warm-up: a later figure is not a first call
    print(json.dumps({"ready": arm}), flush=True)
    for line in sys.stdin:
        tasks = []
        for question in json.loads(line):
            forget_cache(model)
            tasks.append(run_task(agent, question, recorder))
            tasks[-1]["threads"] = str(getattr(model, "threads", ""))  # the last (generation, batch) choice
        print(json.dumps(tasks), flush=True)


class ArmProcess:
    """One thread policy's serving process (see :func:`serve_arm`)."""

    def __init__(self, arm: str, index_dir: Path, model_spec: str | None, work_dir: Path) -> None:
        command = [
            sys.executable,
            __file__,
            "--serve",
            arm,
            "--index",
            str(index_dir),
            "--work-dir",
            str(work_dir),
        ]
        if model_spec:
            command += ["--model", model_spec]
        env = {**os.environ, **ARMS[arm][1]}
        self.arm = arm
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env
        )
        self._read()  # the ready line

    def ask(self, questions: list[str]) -> list[dict[str, Any]]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(questions) + "\n")
        self.process.stdin.flush()
        tasks: list[dict[str, Any]] = self._read()
        return tasks

    def _read(self) -> Any:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.arm} process ended (exit code {self.process.wait()})")
        return json.loads(line)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def with_busy_processes(count: int) -> list[subprocess.Popen[bytes]]:
    return [subprocess.Popen([sys.executable, "-c", BUSY_CODE]) for _ in range(count)]


def stop(processes: list[subprocess.Popen[bytes]]) -> None:
    for process in processes:
        process.kill()
        process.wait()


def under_load(args: argparse.Namespace, work_dir: Path) -> dict[str, Any]:
    """Rounds of (no load, one busy process, two): within each, every arm asks the same questions, the
    arms' order alternating from round to round."""
    index_dir = demo_index(work_dir)
    questions = list(QUESTIONS[: args.questions])
    arms = [ArmProcess(arm, index_dir, args.model, work_dir) for arm in args.arms.split(",")]
    walls: dict[str, dict[int, list[float]]] = {arm.arm: {load: [] for load in LOADS} for arm in arms}
    loads: dict[int, list[float]] = {load: [] for load in LOADS}
    threads: dict[str, dict[int, list[str]]] = {arm.arm: {load: [] for load in LOADS} for arm in arms}
    try:
        for round_number in range(args.under_load):
            order = arms if round_number % 2 == 0 else arms[::-1]
            for load in LOADS:
                busy = with_busy_processes(load)
                try:
                    for arm in order:
                        tasks = arm.ask(questions)
                        walls[arm.arm][load] += [task["wall_s"] for task in tasks]
                        threads[arm.arm][load] += [task.get("threads", "") for task in tasks]
                        print(
                            f"round {round_number} load {load} {arm.arm}: "
                            f"{[round(task['wall_s'], 1) for task in tasks]} s, load average "
                            f"{os.getloadavg()[0]:.1f}",
                            file=sys.stderr,
                            flush=True,
                        )
                    loads[load].append(os.getloadavg()[0])
                finally:
                    stop(busy)
    finally:
        for arm in arms:
            arm.close()
    figures = load_summary(walls, loads, len(questions), args.under_load)
    figures["threads_last_chosen"] = {
        arm: {f"busy_{load}": dict(Counter(chosen)) for load, chosen in by_load.items()}
        for arm, by_load in threads.items()
    }
    return figures


def load_summary(
    walls: dict[str, dict[int, list[float]]], loads: dict[int, list[float]], questions: int, rounds: int
) -> dict[str, Any]:
    figures: dict[str, Any] = {"bench": "agent-under-load", "questions": questions, "rounds": rounds}
    for arm, by_load in walls.items():
        idle_p50 = statistics.median(by_load[0])
        figures[arm] = {
            f"busy_{load}": {
                "p50_s": round(statistics.median(seconds), 2),
                "ratio_to_unloaded": round(statistics.median(seconds) / idle_p50, 2),
                "max_s": round(max(seconds), 2),
            }
            for load, seconds in by_load.items()
        }
    figures["load_average_1m"] = {
        f"busy_{load}": [round(value, 1) for value in values] for load, values in loads.items()
    }
    figures["cpus"] = os.cpu_count()
    return figures


def first_call_child(
    warm: bool, questions: list[str], index_dir: Path, model_spec: str | None, work_dir: Path
) -> None:
    """One fresh process: load, warm up or not, then the questions in order; one JSON line."""
    started = time.perf_counter()
    model = open_model(resolve_model_spec(model_spec, os.environ, None))
    load_s = time.perf_counter() - started
    settings = AgentSettings()
    started = time.perf_counter()
    warmed_tokens = warm_up(model, settings) if warm else 0
    warm_s = time.perf_counter() - started
    agent, context = agent_over(model, index_dir, settings)
    recorder = TrajectoryRecorder(work_dir / "trajectories-first-call", context)
    walls = [run_task(agent, question, recorder)["wall_s"] for question in questions]
    print(json.dumps({"load_s": load_s, "warm_s": warm_s, "warmed_tokens": warmed_tokens, "walls": walls}))


def first_call(args: argparse.Namespace, work_dir: Path) -> dict[str, Any]:
    """Fresh processes, cold and warmed alternately; each question is asked first in one process per arm."""
    index_dir = demo_index(work_dir)
    runs: dict[str, list[dict[str, Any]]] = {"cold": [], "warmed": []}
    for number in range(args.first_call):
        for arm in ("cold", "warmed") if number % 2 == 0 else ("warmed", "cold"):
            command = [sys.executable, __file__, "--first-call-child", arm, "--rotation", str(number)]
            command += [
                "--index",
                str(index_dir),
                "--work-dir",
                str(work_dir),
                "--questions",
                str(args.questions),
            ]
            if args.model:
                command += ["--model", args.model]
            output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
            runs[arm].append(json.loads(output.strip().splitlines()[-1]))
            print(
                f"{arm}: {runs[arm][-1]} load average {os.getloadavg()[0]:.1f}", file=sys.stderr, flush=True
            )
    figures: dict[str, Any] = {"bench": "agent-first-call", "processes_per_arm": args.first_call}
    for arm, arm_runs in runs.items():
        first = statistics.median(run["walls"][0] for run in arm_runs)
        later = statistics.median(wall for run in arm_runs for wall in run["walls"][1:])
        figures[arm] = {
            "first_p50_s": round(first, 2),
            "later_p50_s": round(later, 2),
            "first_to_later": round(first / later, 2),
            "load_s_p50": round(statistics.median(run["load_s"] for run in arm_runs), 2),
            "warm_up_s_p50": round(statistics.median(run["warm_s"] for run in arm_runs), 2),
            "warmed_tokens": arm_runs[0]["warmed_tokens"],
        }
    figures["load_average_1m"] = round(os.getloadavg()[0], 2)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--model", help="GGUF path (default: the bundled model)")
    parser.add_argument("--questions", type=int, default=len(QUESTIONS), help="run the first N questions")
    parser.add_argument(
        "--work-dir", type=Path, help="where to write the demo corpus and index (default: temp)"
    )
    parser.add_argument("--tasks", action="store_true", help="also print one JSON line per task (stderr)")
    parser.add_argument(
        "--prompts",
        default=DEFAULT_PROMPT_VERSION,
        help="system prompt versions to compare, comma-separated, interleaved round by round",
    )
    parser.add_argument("--rounds", type=int, default=1, help="rounds of the plain run (one per prompt each)")
    parser.add_argument(
        "--embedder",
        default="off",
        help="plain run: 'off', 'on' (the installed sentence embedder), or 'off,on' to compare round by round",
    )
    parser.add_argument(
        "--under-load", type=int, metavar="ROUNDS", help="the paired run under load (see above)"
    )
    parser.add_argument("--arms", default="fixed,adaptive", help="thread policies to compare under load")
    parser.add_argument("--out", type=Path, help="also write the under-load figures to this JSON file")
    parser.add_argument("--first-call", type=int, metavar="PROCESSES", help="the first-call run (see above)")
    parser.add_argument("--serve", choices=sorted(ARMS), help=argparse.SUPPRESS)
    parser.add_argument("--first-call-child", choices=["cold", "warmed"], help=argparse.SUPPRESS)
    parser.add_argument("--rotation", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--index", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve_arm(args.serve, args.index, args.model, args.work_dir)
        return 0
    if args.first_call_child:
        chosen = list(QUESTIONS[: args.questions])
        rotation = args.rotation % len(chosen)
        questions = chosen[rotation:] + chosen[:rotation]
        first_call_child(args.first_call_child == "warmed", questions, args.index, args.model, args.work_dir)
        return 0
    if args.under_load or args.first_call:
        with tempfile.TemporaryDirectory(prefix="carrel-agent-bench-") as scratch:
            run_mode = under_load if args.under_load else first_call
            figures = run_mode(args, args.work_dir or Path(scratch))
        print(json.dumps(figures))
        if args.out:
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text(json.dumps(figures, indent=2) + "\n")
        return 0
    with tempfile.TemporaryDirectory(prefix="carrel-agent-bench-") as scratch:
        work_dir = args.work_dir or Path(scratch)
        index_dir = demo_index(work_dir)
        model = open_model(resolve_model_spec(args.model, os.environ, None))
        embedder = open_installed_embedder(work_dir / "embedder") if "on" in args.embedder else None
        for round_number in range(args.rounds):
            for version in args.prompts.split(","):
                for arm in args.embedder.split(","):
                    figures = plain_run(
                        model, index_dir, work_dir, version, args, embedder if arm == "on" else None
                    )
                    line = {**figures, "prompt": version, "embedder": arm, "round": round_number + 1}
                    print(json.dumps(line), flush=True)
    return 0


def plain_run(
    model: ChatModel,
    index_dir: Path,
    work_dir: Path,
    version: str,
    args: argparse.Namespace,
    embedder: TextEmbedder | None = None,
) -> dict[str, Any]:
    """The fixed questions once with one system prompt, the cache cleared before each task."""
    agent, context = agent_over(model, index_dir, AgentSettings(), load_system_prompt(version), embedder)
    tasks = []
    for question in QUESTIONS[: args.questions]:
        forget_cache(model)
        task = run_task(agent, question, TrajectoryRecorder(work_dir / "trajectories", context))
        if args.tasks:
            print(json.dumps(task), file=sys.stderr, flush=True)
        tasks.append(task)
    return summary(tasks, model.model_id)


if __name__ == "__main__":
    sys.exit(main())
