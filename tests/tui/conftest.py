"""Fixtures for driving the desk: a real index of the fixture corpus, scripted models, stable paths."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input, TextArea

from indexer.build import index_folders
from models.protocol import ChatMessage, Completion, JsonSchema, TextPiece, Usage
from models.scripted import ScriptedModel
from tests.support.indexes import write_fixture_corpus
from tui.config import CarrelConfig, save_config
from tui.desk.app import CarrelApp, make_app
from tui.home import CarrelHome

SIZE = (120, 36)
GATE_TIMEOUT_S = 10.0


def search(query: str) -> str:
    return json.dumps({"action": "search", "query": query})


def final(answer: str, citations: Sequence[str]) -> str:
    return json.dumps({"action": "final", "citations": list(citations), "answer": answer})


def clarify(question: str) -> str:
    return json.dumps({"action": "clarify", "question": question})


HOOCH_ANSWER = "Grey liquid on a starter is hooch, alcohol from hungry yeast; pour it off and feed it [S1]."
ANSWER_SCRIPT = (search("sourdough hooch grey liquid"), final(HOOCH_ANSWER, ["S1"]))


class GatedModel(ScriptedModel):
    """A scripted model that stops before its ``gate_at``-th call until the test releases it.

    It lets a test act (press Escape, take a snapshot) while a task is really running in its worker.
    """

    def __init__(self, replies: Sequence[str], *, gate_at: int) -> None:
        super().__init__(replies)
        self.gate_at = gate_at
        self.reached = threading.Event()
        self.release = threading.Event()

    def stream(
        self, messages: Sequence[ChatMessage], schema: JsonSchema, *, max_tokens: int = 512
    ) -> Iterator[TextPiece | Completion]:
        if len(self.history) + 1 == self.gate_at:
            self.reached.set()
            self.release.wait(GATE_TIMEOUT_S)
        yield from super().stream(messages, schema, max_tokens=max_tokens)


# Limits written to every test's config, so what the desk shows does not follow changes to the defaults.
# The scripts drive every search themselves, so code's own search of the question is off (as in tests/agent);
# test_question_search_on_the_desk covers it.
TEST_LIMITS = CarrelConfig(
    settings={
        "max_steps": 8,
        "max_searches": 6,
        "token_budget": 24_000,
        "time_limit_s": 120.0,
        "question_search": False,
    }
)


class FixedCostModel(ScriptedModel):
    """Scripted replies that report a fixed prompt cost per call, so token figures on screen (and in
    snapshots) do not change whenever someone edits the system prompt."""

    PROMPT_TOKENS = 400

    def stream(
        self, messages: Sequence[ChatMessage], schema: JsonSchema, *, max_tokens: int = 512
    ) -> Iterator[TextPiece | Completion]:
        for item in super().stream(messages, schema, max_tokens=max_tokens):
            if isinstance(item, Completion):
                usage = Usage(prompt_tokens=self.PROMPT_TOKENS, completion_tokens=len(item.text) // 4)
                item = item.model_copy(update={"usage": usage})
            yield item


@pytest.fixture
def home(carrel_home: Path) -> CarrelHome:
    home = CarrelHome(carrel_home).ensure()
    save_config(TEST_LIMITS, home.config_file)
    return home


@pytest.fixture
def corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The fixture corpus under ``tmp_path``, which is also the working directory, so paths show short."""
    monkeypatch.chdir(tmp_path)
    return write_fixture_corpus(tmp_path / "corpus")


@pytest.fixture
def indexed_home(home: CarrelHome, corpus: Path) -> CarrelHome:
    index_folders([corpus], home.index_dir, workers=1)
    return home


def desk_app(home: CarrelHome, model: ScriptedModel, **options: object) -> CarrelApp:
    return make_app(home, model=model, export_dir=home.root / "exports", **options)  # type: ignore[arg-type]


@pytest.fixture(autouse=True)
def no_cursor_blink(monkeypatch: pytest.MonkeyPatch) -> None:
    """Snapshots must not depend on when the cursor blinked: every Input and TextArea starts steady."""
    for widget_class in (Input, TextArea):
        original_init = widget_class.__init__

        def steady_init(self: Widget, *args: Any, _original: Any = original_init, **kwargs: Any) -> None:
            _original(self, *args, **kwargs)
            self.cursor_blink = False  # type: ignore[attr-defined]

        monkeypatch.setattr(widget_class, "__init__", steady_init)


async def wait_until(pilot: Pilot[None], condition: Callable[[], bool], *, attempts: int = 200) -> None:
    """Let the app work (messages, workers) until ``condition`` holds; screens opened after mount, and the
    workers they start, may not exist yet when a test first looks."""
    for _ in range(attempts):
        if condition():
            return
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
    raise AssertionError(f"{condition} never became true")


async def first_run_offer(pilot: Pilot[None]) -> None:
    """Wait for the first-run screen, which the app opens just after its first refresh."""
    from tui.desk.screens.first_run import FirstRunScreen

    await wait_until(pilot, lambda: isinstance(pilot.app.screen, FirstRunScreen))


async def ask(pilot: Pilot[None], question: str) -> None:
    """Type a question on the desk, press Enter and wait until the task is over and shown."""
    from tui.desk.screens.desk import DeskScreen

    desk = pilot.app.screen
    assert isinstance(desk, DeskScreen)
    before = desk.last_state
    field = desk.query_one("#question", Input)
    field.value = question
    field.focus()
    await pilot.press("enter")

    def over() -> bool:
        shown = desk.last_state is not before or desk.progress.status == "failed"
        return shown and not desk.progress.running

    await wait_until(pilot, over)
