"""Choose, don't copy: completion tokens and seconds per task with code completing chosen decisions, and without.

    .venv/bin/python bench/choice_bench.py [--cases 12] [--suite python-reference]

Runs the first answerable cases of a suite over the demo corpus with the bundled model, each question twice in a
row - once with ``complete_chosen_decisions`` off (the model copies its chosen decision out in full) and once on -
alternating which goes first, on one index and one loaded model. Prints one JSON line per question and a summary:
completion tokens and wall seconds per task for both, and whether each pair ended with the same answer.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from agent.eval.suite import ANSWERED_CATEGORIES, load_suite
from agent.events import TokensUsed
from agent.loop import Agent, final_state
from agent.settings import AgentSettings
from corpus.demo import write_demo_corpus
from indexer.build import index_folders
from indexer.search import open_search_tool
from models.bundled import bundled_model_path
from models.factory import open_model
from models.protocol import ChatModel


def one_task(model: ChatModel, tool: Any, question: str, complete: bool) -> dict[str, Any]:
    agent = Agent(model=model, tool=tool, settings=AgentSettings(complete_chosen_decisions=complete))
    started = time.perf_counter()
    events = list(agent.run(question))
    state = final_state(iter(events))
    return {
        "seconds": round(time.perf_counter() - started, 2),
        "completion_tokens": sum(
            event.completion_tokens for event in events if isinstance(event, TokensUsed)
        ),
        "answer": state.answer,
        "stop_reason": state.stop_reason,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--suite", default="python-reference")
    parser.add_argument("--cases", type=int, default=12)
    args = parser.parse_args(argv)
    cases = [c for c in load_suite(args.suite).cases if c.category in ANSWERED_CATEGORIES][: args.cases]
    with tempfile.TemporaryDirectory() as work:
        corpus = Path(work) / "demo"
        write_demo_corpus(corpus)
        index_folders([corpus], Path(work) / "index")
        tool = open_search_tool(Path(work) / "index")
        model = open_model(str(bundled_model_path()))
        rows = []
        for number, case in enumerate(cases):
            order = [False, True] if number % 2 == 0 else [True, False]
            runs = {complete: one_task(model, tool, case.question, complete) for complete in order}
            row = {"case": case.id, "copy": runs[False], "choose": runs[True], "load": os.getloadavg()[0]}
            rows.append(row)
            print(json.dumps(row), flush=True)
    summary = {
        side: {
            "completion_tokens_mean": statistics.mean(r[side]["completion_tokens"] for r in rows),
            "seconds_p50": statistics.median(r[side]["seconds"] for r in rows),
            "seconds_mean": statistics.mean(r[side]["seconds"] for r in rows),
        }
        for side in ("copy", "choose")
    }
    summary["same_answers"] = sum(r["copy"]["answer"] == r["choose"]["answer"] for r in rows)
    summary["tasks"] = len(rows)
    print(json.dumps({"summary": summary}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
