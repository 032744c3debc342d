"""Desk benchmark: is the UI responsive while the real model works, and what does the desk add to a task?

One JSON line out. With the bundled model on the demo corpus, for each question:
- ``desk_task_s``: Enter to the finished task shown on the desk (worker, events, widgets, trajectory file);
- ``direct_task_s``: the same question through ``agent.loop.run`` alone, same model, index and limits
  (each question is first run once directly, untimed as ``cold_direct_task_s``, so both timings are warm);
- ``ui_lag_ms_p50`` / ``ui_lag_ms_max``: how late a 20 ms timer on the UI's event loop fires while the task
  runs - the delay a keypress would see. Under 100 ms feels instant;
- ``events``: agent events the desk applied (mostly streamed model text);
- ``first_sign_ms``: Enter in the question box to the first change a user sees (the status meter saying the task
  started), measured through the real key press and the desk's own handler.
Also ``model_load_s``: the background model load, started at mount while the user could type.

Usage: ``.venv/bin/python bench/desk_bench.py [--questions N] [--work-dir DIR]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, Static

from agent.loop import run
from indexer.search import open_search_tool
from tui.desk.app import CarrelApp, make_app
from tui.desk.screens.desk import DeskScreen
from tui.home import CarrelHome

QUESTIONS = [
    "What does the assert statement do?",
    "How does a for loop use an iterator?",
    "What is a lambda expression?",
]
SIZE = (120, 36)
TICK_S = 0.02


class LagProbe:
    """A repeating timer on the UI loop; records how late each tick fired."""

    def __init__(self) -> None:
        self.lags_ms: list[float] = []
        self._expected = 0.0

    def start(self, app: CarrelApp) -> None:
        self._expected = time.perf_counter() + TICK_S
        self._timer = app.set_interval(TICK_S, self._tick)

    def _tick(self) -> None:
        now = time.perf_counter()
        self.lags_ms.append(max(0.0, (now - self._expected) * 1000))
        self._expected = now + TICK_S

    def stop(self) -> None:
        self._timer.stop()


async def desk_task(pilot: Pilot[None], question: str, seen: list[object]) -> dict[str, Any]:
    app = pilot.app
    assert isinstance(app, CarrelApp)
    desk = app.screen
    assert isinstance(desk, DeskScreen)
    box = desk.query_one("#question", Input)
    box.value = question
    for _ in range(50):  # the last task's end moves focus to its answer: wait until the question box has it
        box.focus()
        await pilot.pause()
        if app.focused is box:
            break
    probe = LagProbe()
    before = len(seen)
    meter = desk.query_one("#meter", Static)
    shown = str(meter.render())
    started = time.perf_counter()
    probe.start(app)
    # The key is posted as a terminal would deliver it; Pilot.press would wait for the app to go idle, which it
    # does not while the model streams.
    app.post_message(events.Key("enter", "\r"))
    while str(meter.render()) == shown and time.perf_counter() - started < 5:
        await asyncio.sleep(0.001)
    first_sign_ms = (time.perf_counter() - started) * 1000
    await app.workers.wait_for_complete()
    while desk.progress.running:  # the worker is done; let the UI apply the events still queued
        await pilot.pause()
    seconds = time.perf_counter() - started
    probe.stop()
    state = desk.last_state
    return {
        "question": question,
        "desk_task_s": round(seconds, 2),
        "first_sign_ms": round(first_sign_ms, 1),
        "status": state.status if state else None,
        "events": sum(1 for message in seen[before:] if isinstance(message, DeskScreen.AgentEmitted)),
        "ui_lag_ms_p50": round(statistics.median(probe.lags_ms), 1) if probe.lags_ms else None,
        "ui_lag_ms_max": round(max(probe.lags_ms), 1) if probe.lags_ms else None,
    }


def direct_task(app: CarrelApp, question: str) -> float:
    services = app.services
    tool = open_search_tool(services.home.index_dir)
    started = time.perf_counter()
    for _event in run(question, services.agent_settings(), model=services.model_slot.get(), tool=tool):
        pass
    return round(time.perf_counter() - started, 2)


async def bench(home: CarrelHome, questions: list[str]) -> dict[str, Any]:
    app = make_app(home)
    seen: list[object] = []
    rows = []
    async with app.run_test(size=SIZE, message_hook=seen.append) as pilot:
        await pilot.pause()
        await pilot.press("d")  # build the demo corpus
        await app.workers.wait_for_complete()
        await pilot.press("enter")
        app.services.model_slot.get()
        load_s = app.services.model_slot.load_seconds
        for question in questions:
            warm_up_s = direct_task(
                app, question
            )  # first sight of a schema compiles its grammar: not the desk's cost
            row = await desk_task(pilot, question, seen)
            row["direct_task_s"] = direct_task(app, question)
            row["cold_direct_task_s"] = warm_up_s
            rows.append(row)
    return {
        "bench": "desk",
        "model": app.services.model_slot.description,
        "model_load_s": round(load_s, 2) if load_s is not None else None,
        "cpu_count": os.cpu_count(),
        "load_average_1m": round(os.getloadavg()[0], 1),
        "tasks": rows,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=len(QUESTIONS))
    parser.add_argument("--work-dir", type=Path)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="carrel-desk-bench-") as temporary:
        home = CarrelHome(args.work_dir or Path(temporary)).ensure()
        result = asyncio.run(bench(home, QUESTIONS[: args.questions]))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
