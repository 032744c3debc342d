"""The desk asks back when a question names too little, and the user's reply finds what was meant."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Markdown

from agent.loop import RARITY_MIN_PASSAGES
from indexer.build import index_folders
from tests.agent.conftest import GrammarBoundScript
from tests.support.indexes import daemon_names, daemon_pages
from tests.tui.conftest import SIZE, TEST_LIMITS, ask, desk_app
from tui.config import CarrelConfig, save_config
from tui.desk.screens.desk import DeskScreen
from tui.desk.widgets.answer import AnswerView
from tui.home import CarrelHome


def daemon_home(home: CarrelHome, tmp_path: Path) -> CarrelHome:
    """The test home with the settings a user of the bundled model has: choices, and code searches the question."""
    settings = {**TEST_LIMITS.settings, "decisions": "choices", "question_search": True}
    save_config(CarrelConfig(settings=settings), home.config_file)
    corpus = tmp_path / "daemons"
    corpus.mkdir()
    for name, text in daemon_pages(daemon_names(RARITY_MIN_PASSAGES)).items():
        (corpus / name).write_text(text, encoding="utf-8")
    index_folders([corpus], home.index_dir, workers=1)
    return home


async def test_a_question_naming_too_little_is_asked_back_and_the_reply_is_answered(
    home: CarrelHome, tmp_path: Path
) -> None:
    # Bound to the schema like the bundled model: in choices mode code searches, asks back and answers itself.
    model = GrammarBoundScript([])
    app = desk_app(daemon_home(home, tmp_path), model)
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "What port does the daemon listen on by default?")
        screen = app.screen
        assert isinstance(screen, DeskScreen)
        first = screen.last_state
        assert first is not None and (first.status, first.stop_reason) == (
            "needs_user",
            "clarification_needed",
        )
        shown = app.query_one(AnswerView).query_one(Markdown).source
        assert "Needs you" in shown and "Which one do you mean?" in shown
        assert "Refine" in app.query_one("#question", Input).placeholder

        await ask(pilot, "the alpha daemon")
        state = screen.last_state
        assert state is not None and (state.status, state.stop_reason) == ("completed", "answered"), (
            state.message
        )
        assert state.continues == first.task_id
        assert state.answer is not None and "7001" in state.answer
        cited = {source.label: source for source in state.sources if source.label in state.citations}
        assert any("alpha" in source.title for source in cited.values())
