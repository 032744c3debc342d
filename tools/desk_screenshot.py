"""Save the README's screenshot of the desk: a real answer from the bundled model on the demo corpus.

Run from the repository root: ``.venv/bin/python tools/desk_screenshot.py [QUESTION]``. It builds the demo
corpus and its index in a temporary ``CARREL_HOME``, asks QUESTION through the desk exactly as a user would
(first-run screen, question box, Enter) and writes ``docs/desk.svg`` with Textual's screenshot support. Paths
in the picture are relative because the script works from inside that temporary home.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

from textual.widgets import Input

from tui.desk.app import make_app
from tui.desk.screens.desk import DeskScreen
from tui.home import CarrelHome

REPO = Path(__file__).resolve().parent.parent
TARGET = REPO / "docs" / "desk.svg"
DEFAULT_QUESTION = "What does the assert statement do?"
SIZE = (120, 32)


async def capture(home: CarrelHome, question: str) -> float:
    """Drive the app through first run and one question; return the seconds the task took."""
    app = make_app(home)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d")  # first run: build the demo corpus
        await app.workers.wait_for_complete()
        await pilot.press("enter")
        desk = app.screen
        assert isinstance(desk, DeskScreen)
        desk.query_one("#question", Input).value = question
        started = time.perf_counter()
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        seconds = time.perf_counter() - started
        await pilot.pause()
        app.save_screenshot(filename=TARGET.name, path=str(TARGET.parent))
        state = desk.last_state
        print(f"{state.status if state else '?'} in {seconds:.1f}s: {state.answer if state else ''}")
    return seconds


def main() -> int:
    question = " ".join(sys.argv[1:]) or DEFAULT_QUESTION
    with tempfile.TemporaryDirectory(prefix="carrel-shot-") as temporary:
        home = CarrelHome(Path(temporary)).ensure()
        os.chdir(home.root)
        asyncio.run(capture(home, question))
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
