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
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from agent.events import TaskFinished, TokensUsed
from agent.loop import Agent
from agent.settings import AgentSettings
from agent.state import AgentState
from agent.trajectory import RunContext, TrajectoryRecorder, recorded
from corpus.demo import write_demo_corpus
from indexer.build import index_folders
from indexer.search import open_search_tool
from models.factory import open_model, resolve_model_spec
from models.protocol import ChatModel

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--model", help="GGUF path (default: the bundled model)")
    parser.add_argument("--questions", type=int, default=len(QUESTIONS), help="run the first N questions")
    parser.add_argument(
        "--work-dir", type=Path, help="where to write the demo corpus and index (default: temp)"
    )
    parser.add_argument("--tasks", action="store_true", help="also print one JSON line per task (stderr)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="carrel-agent-bench-") as scratch:
        work_dir = args.work_dir or Path(scratch)
        index_dir = demo_index(work_dir)
        tool = open_search_tool(index_dir)
        model = open_model(resolve_model_spec(args.model, os.environ, None))
        settings = AgentSettings()
        agent = Agent(model=model, tool=tool, settings=settings)
        context = RunContext(
            model_id=model.model_id,
            prompt_version=agent.prompt.version,
            index_path=str(index_dir),
            document_count=tool.stats().documents,
            settings=settings,
        )
        tasks = []
        for question in QUESTIONS[: args.questions]:
            forget_cache(model)
            task = run_task(agent, question, TrajectoryRecorder(work_dir / "trajectories", context))
            if args.tasks:
                print(json.dumps(task), file=sys.stderr, flush=True)
            tasks.append(task)
        print(json.dumps(summary(tasks, model.model_id)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
