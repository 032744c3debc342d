"""First run, Library, History and Settings driven with Pilot over real indexes and trajectory files."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Markdown, Select, Static

from indexer.summary import IndexProgress, IndexSummary
from models.scripted import ScriptedModel
from tests.tui.conftest import ANSWER_SCRIPT, SIZE, ask, desk_app, final, first_run_offer, search, wait_until
from tui.config import load_config
from tui.desk.screens.desk import DeskScreen
from tui.desk.screens.folder_picker import FolderPickerScreen
from tui.desk.screens.help import HelpScreen
from tui.desk.screens.history import HistoryScreen
from tui.desk.screens.indexing import IndexingScreen
from tui.desk.screens.library import LibraryScreen
from tui.desk.screens.settings import SettingsScreen
from tui.desk.services import CancelCheck
from tui.desk.widgets.answer import AnswerView
from tui.desk.widgets.indexing import IndexRunPanel
from tui.desk.widgets.sources import SourceList
from tui.home import CarrelHome


async def settle(pilot: Pilot[None]) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def index_run_done(pilot: Pilot[None], previous: IndexSummary | None = None) -> IndexSummary:
    """Wait for the current screen's index run to end with a summary other than ``previous`` (the run may be
    started by a screen or callback that has not run yet when the test first looks)."""

    def summary() -> IndexSummary | None:
        panels = pilot.app.screen.query(IndexRunPanel)
        if not panels or panels.first().running:
            return None
        found = panels.first().summary
        return found if found is not previous else None

    await wait_until(pilot, lambda: summary() is not None)
    await settle(pilot)  # what the screen does with the result (e.g. reload the library) runs in a worker too
    result = summary()
    assert result is not None
    return result


async def test_first_run_builds_the_demo_corpus_then_answers_from_it(home: CarrelHome) -> None:
    script = [
        search("assert statement AssertionError"),
        final("An assert statement raises AssertionError when its expression is false [S1].", ["S1"]),
    ]
    app = desk_app(home, ScriptedModel(script))
    async with app.run_test(size=SIZE) as pilot:
        await first_run_offer(pilot)
        await pilot.press("d")
        summary = await index_run_done(pilot)
        assert isinstance(app.screen, IndexingScreen)
        assert summary.documents == 79 and not summary.failed
        await pilot.press("enter")
        assert isinstance(app.screen, DeskScreen)
        await ask(pilot, "What does the assert statement do?")
        state = app.screen.last_state
        assert state is not None and state.status == "completed"
        cited = app.screen.query_one(SourceList).source("S1")
        assert cited is not None and Path(cited.path).parent == home.demo_corpus_dir


async def test_first_run_can_index_a_picked_folder(home: CarrelHome, corpus: Path) -> None:
    app = desk_app(home, ScriptedModel([]))
    async with app.run_test(size=SIZE) as pilot:
        await first_run_offer(pilot)
        await pilot.press("f")
        assert isinstance(app.screen, FolderPickerScreen)
        app.screen.query_one("#folder-path", Input).value = str(corpus)
        await pilot.press("ctrl+s")
        summary = await index_run_done(pilot)
        assert isinstance(app.screen, IndexingScreen)
        assert summary.documents >= 4
    assert [Path(root.path) for root in app.services.library()] == [corpus]


async def test_carrel_path_indexes_the_folder_before_the_desk(home: CarrelHome, corpus: Path) -> None:
    app = desk_app(home, ScriptedModel([]), index_paths=[corpus])
    async with app.run_test(size=SIZE) as pilot:
        await index_run_done(pilot)
        assert isinstance(app.screen, IndexingScreen)
        shown = str(app.screen.query_one("#index-summary", Static).render())
        assert "added" in shown and "passages" in shown
        await pilot.press("enter")
        assert isinstance(app.screen, DeskScreen)


async def test_library_adds_reindexes_with_failures_and_removes(
    indexed_home: CarrelHome, tmp_path: Path
) -> None:
    extra = tmp_path / "extra"
    extra.mkdir()
    (extra / "kettles.md").write_text("# Kettles\n\nA kettle boils water.\n", encoding="utf-8")
    app = desk_app(indexed_home, ScriptedModel([]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert isinstance(app.screen, LibraryScreen)
        table = app.screen.query_one(DataTable)
        assert table.row_count == 1 and str(table.get_row_at(0)[0]) == "corpus"
        await pilot.press("a")
        assert isinstance(app.screen, FolderPickerScreen)
        app.screen.query_one("#folder-path", Input).value = str(extra)
        await pilot.press("ctrl+s")
        added = await index_run_done(pilot)
        library = app.screen
        assert isinstance(library, LibraryScreen)
        assert [str(row[0]) for row in map(table.get_row_at, range(table.row_count))] == ["corpus", "extra"]
        (extra / "broken.pdf").write_bytes(b"%PDF-1.4 this is not really a PDF")
        table.move_cursor(row=1)
        await pilot.press("r")
        await index_run_done(pilot, previous=added)
        failures = " ".join(str(w.render()) for w in library.query("#index-failures Static"))
        assert "broken.pdf" in failures
        await pilot.press("x")
        await settle(pilot)
        assert table.row_count == 1
    assert [Path(root.path).name for root in app.services.library()] == ["corpus"]


async def test_library_escape_cancels_a_running_index(indexed_home: CarrelHome, tmp_path: Path) -> None:
    extra = tmp_path / "extra"
    extra.mkdir()
    for name in ("one", "two", "three"):
        (extra / f"{name}.md").write_text(f"# {name}\n\nText about {name}.\n", encoding="utf-8")
    app = desk_app(indexed_home, ScriptedModel([]))
    first_file_done = threading.Event()
    resume = threading.Event()
    real_index = app.services.index_folders

    def held_index(roots: list[Path], *, on_progress: object, should_cancel: CancelCheck) -> IndexSummary:
        """The real indexer, held after its first file until the test has pressed Escape."""

        def hold(tick: IndexProgress) -> None:
            if tick.stage == "indexing" and not first_file_done.is_set():
                first_file_done.set()
                resume.wait(10)

        return real_index(roots, on_progress=hold, should_cancel=should_cancel)

    app.services.index_folders = held_index  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+l")
        await settle(pilot)
        library = app.screen
        assert isinstance(library, LibraryScreen)
        library.query_one(IndexRunPanel).start([extra])
        assert await asyncio.to_thread(first_file_done.wait, 10)
        await pilot.press("escape")
        resume.set()
        await settle(pilot)
        assert app.screen is library
        summary = library.query_one(IndexRunPanel).summary
        assert summary is not None and summary.cancelled and summary.added == 1
        assert "cancelled" in str(library.query_one("#index-summary", Static).render())


async def test_history_lists_past_tasks_and_reopens_one_read_only(indexed_home: CarrelHome) -> None:
    app = desk_app(indexed_home, ScriptedModel(ANSWER_SCRIPT))
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "What is the grey liquid [b]on[/b] my starter?")
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        table = app.screen.query_one(DataTable)
        assert table.row_count == 1
        when, status, question, steps, sources = map(str, table.get_row_at(0))
        assert (when, status) == ("just now", "completed")
        assert question == "What is the grey liquid [b]on[/b] my starter?", "shown as typed, never as markup"
        assert steps == "2" and int(sources) >= 1
        await pilot.press("enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, DeskScreen) and replay.replay is not None
        assert "(source:S1)" in replay.query_one(AnswerView).query_one(Markdown).source
        assert not replay.query("#question")
        assert "Read-only" in str(replay.query_one("#read-only-note", Static).render())
        await pilot.press("escape")
        assert isinstance(app.screen, HistoryScreen)


async def test_settings_reject_a_bad_model_and_bad_limits_then_save(home: CarrelHome, tmp_path: Path) -> None:
    not_a_model = tmp_path / "notes.gguf"
    not_a_model.write_text("hello", encoding="utf-8")
    script = tmp_path / "script.jsonl"
    script.write_text('"{}"\n', encoding="utf-8")
    app = desk_app(home, ScriptedModel([]))
    async with app.run_test(size=SIZE) as pilot:
        await first_run_offer(pilot)
        await pilot.press("escape")  # skip it
        await pilot.press("ctrl+o")
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        error = screen.query_one("#settings-error", Static)
        screen.query_one("#model", Input).value = str(not_a_model)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "NotAGGUFError" in str(error.render()) and "not a GGUF" in str(error.render())
        assert load_config(home.config_file)[0].model is None, "nothing is saved until the model opens"
        screen.query_one("#model", Input).value = f"scripted:{script}"
        screen.query_one("#max_steps", Input).value = "0"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "Max steps" in str(error.render())
        screen.query_one("#max_steps", Input).value = "5"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert str(error.render()) == ""
    config, warnings = load_config(home.config_file)
    assert not warnings and config.settings["max_steps"] == 5 and config.model == f"scripted:{script}"
    assert app.services.model_slot.ready and app.services.model_slot.description == "script.jsonl"


async def test_command_palette_lists_the_desk_actions_and_runs_them(indexed_home: CarrelHome) -> None:
    app = desk_app(indexed_home, ScriptedModel([]))
    async with app.run_test(size=SIZE) as pilot:
        titles = [command.title for command in app.get_system_commands(app.screen)]
        for expected in ("Library", "History", "Settings", "Export answer", "Cancel task", "Help"):
            assert any(title.startswith(expected) for title in titles), titles
        await pilot.press("ctrl+p")
        await pilot.press(*"library")
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LibraryScreen)


async def test_help_lists_every_screen_s_keys(indexed_home: CarrelHome) -> None:
    app = desk_app(indexed_home, ScriptedModel([]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.query_one(Markdown).source
        for expected in ("Export", "Cancel", "Next cite", "Whole document", "Add folder", "Save"):
            assert expected in text
        await pilot.press("escape")
        assert isinstance(app.screen, DeskScreen)


async def test_pages_replace_each_other_so_escape_returns_to_the_desk(indexed_home: CarrelHome) -> None:
    app = desk_app(indexed_home, ScriptedModel([]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+l")
        await pilot.press("ctrl+r")
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert [type(screen) for screen in app.screen_stack] == [DeskScreen, SettingsScreen]
        await pilot.press("escape")
        assert isinstance(app.screen, DeskScreen)


async def test_settings_choose_the_decision_mode(home: CarrelHome) -> None:
    app = desk_app(home, ScriptedModel([]))
    async with app.run_test(size=SIZE) as pilot:
        await first_run_offer(pilot)
        await pilot.press("escape")  # skip it
        await pilot.press("ctrl+o")
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        select = screen.query_one("#decisions", Select)
        assert select.value == "auto"
        select.value = "free"
        await pilot.press("ctrl+s")
        await settle(pilot)
    config, warnings = load_config(home.config_file)
    assert not warnings and config.settings["decisions"] == "free"
