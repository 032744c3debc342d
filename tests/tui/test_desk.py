"""The desk driven with Pilot: a real index, the real agent loop, a scripted model."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.await_complete import AwaitComplete
from textual.widgets import Input, Markdown, Static, TextArea

from agent.events import ModelText
from models.scripted import ScriptedModel
from tests.tui.conftest import (
    ANSWER_SCRIPT,
    HOOCH_ANSWER,
    SIZE,
    TEST_LIMITS,
    GatedModel,
    ask,
    clarify,
    desk_app,
    final,
    first_run_offer,
    search,
    wait_until,
)
from tui.config import CarrelConfig, save_config
from tui.desk.app import make_app
from tui.desk.screens.desk import DeskScreen
from tui.desk.screens.source import DocumentScreen, SourceScreen
from tui.desk.widgets.answer import WORKING_TEXT, AnswerView
from tui.desk.widgets.sources import SourceList
from tui.desk.widgets.trajectory import StepCard, TrajectoryLog
from tui.home import CarrelHome


def desk(app: object) -> DeskScreen:
    from textual.app import App

    assert isinstance(app, App)
    screen = app.screen
    assert isinstance(screen, DeskScreen)
    return screen


async def test_question_gets_an_answer_with_its_sources(indexed_home: CarrelHome) -> None:
    model = ScriptedModel(ANSWER_SCRIPT)
    app = desk_app(indexed_home, model)
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "What is the grey liquid on my starter?")
        screen = desk(app)
        state = screen.last_state
        assert state is not None and state.status == "completed"
        answer = app.query_one(AnswerView).query_one(Markdown)
        assert "(source:S1)" in answer.source
        sources = app.query_one(SourceList)
        assert sources.option_count == len(state.sources) >= 1
        first = sources.get_option_at_index(0)
        assert first.id == "S1" and "sourdough" in str(first.prompt)
        assert len(app.query(StepCard)) == 2
        meter = str(app.query_one("#meter", Static).render())
        assert "step 2/8" in meter and "searches 1/6" in meter and "completed" in meter
    assert "What is the grey liquid" in model.history[0][-1].content


async def test_model_text_streams_into_the_trajectory_and_answer_draft(indexed_home: CarrelHome) -> None:
    seen: list[object] = []
    app = desk_app(indexed_home, ScriptedModel(ANSWER_SCRIPT))
    async with app.run_test(size=SIZE, message_hook=seen.append) as pilot:
        await ask(pilot, "What is hooch?")
    emitted = {id(m): m for m in seen if isinstance(m, DeskScreen.AgentEmitted)}  # the hook may see one twice
    texts = [m.event.text for m in emitted.values() if isinstance(m.event, ModelText)]
    assert len(texts) > 10, "the scripted model streams in small pieces; each arrives as its own event"
    assert "".join(texts).endswith(ANSWER_SCRIPT[1])


async def test_citations_are_navigable_by_keyboard_and_open_the_passage(indexed_home: CarrelHome) -> None:
    app = desk_app(indexed_home, ScriptedModel(ANSWER_SCRIPT))
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "What is the grey liquid on my starter?")
        assert app.focused is app.query_one(AnswerView)
        await pilot.press("n")
        assert app.query_one(SourceList).highlighted == 0
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, SourceScreen) and viewer.source.label == "S1"
        assert viewer.record is not None and "hooch" in viewer.record.text
        place = str(app.screen.query_one("#source-place", Static).render())
        assert "passage" in place and "Troubleshooting" in place
        passage = app.screen.query_one("#source-text", Static).render()
        assert "hooch" in str(passage)
        await pilot.press("d")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, DocumentScreen)
        area = app.screen.query_one(TextArea)
        assert area.read_only and "Feeding schedule" in area.text
        assert "hooch" in area.selected_text
        await pilot.press("escape", "escape")
        assert isinstance(app.screen, DeskScreen)


async def test_clicking_a_citation_link_opens_its_source(indexed_home: CarrelHome) -> None:
    app = desk_app(indexed_home, ScriptedModel(ANSWER_SCRIPT))
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "What is the grey liquid on my starter?")
        markdown = app.query_one(AnswerView).query_one(Markdown)
        markdown.post_message(Markdown.LinkClicked(markdown, "source:S1"))
        await pilot.pause()
        assert isinstance(app.screen, SourceScreen) and app.screen.source.label == "S1"
        await app.workers.wait_for_complete()


async def test_escape_cancels_a_running_task_which_ends_cancelled(indexed_home: CarrelHome) -> None:
    # The loop checks for a cancel before each step: held in step 2, the task must stop before step 3.
    model = GatedModel([search("hooch"), search("sourdough starter"), ANSWER_SCRIPT[1]], gate_at=2)
    app = desk_app(indexed_home, model)
    async with app.run_test(size=SIZE) as pilot:
        app.query_one("#question", Input).value = "What is hooch?"
        await pilot.press("enter")
        assert await asyncio.to_thread(model.reached.wait, 10)
        assert desk(app).progress.running
        await pilot.press("escape")
        model.release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        state = desk(app).last_state
        assert state is not None and state.stop_reason == "cancelled"
        shown = app.query_one(AnswerView).query_one(Markdown).source
        assert shown.startswith("**Cancelled") and "Needs you" not in shown
        assert not desk(app).progress.running


async def test_needs_user_explains_and_asks_for_a_refinement(indexed_home: CarrelHome) -> None:
    model = ScriptedModel([clarify("Which starter do you mean: rye or wheat?")])
    app = desk_app(indexed_home, model)
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "How do I feed it?")
        state = desk(app).last_state
        assert state is not None and state.status == "needs_user"
        shown = app.query_one(AnswerView).query_one(Markdown).source
        assert "Needs you" in shown and "rye or wheat" in shown
        question = app.query_one("#question", Input)
        assert app.focused is question and "Refine" in question.placeholder
        assert question.border_title == "continuing: 0 sources found so far"


NOT_ENOUGH = final("There is not enough evidence in the documents to answer this.", [])
GREY_LIQUID = "What is the grey liquid on my starter?"
REFINEMENT = "the grey liquid on a sourdough starter"


async def test_a_refinement_continues_the_task_and_answers_from_a_carried_over_source(
    indexed_home: CarrelHome,
) -> None:
    model = ScriptedModel([search("sourdough hooch grey liquid"), NOT_ENOUGH, final(HOOCH_ANSWER, ["S1"])])
    app = desk_app(indexed_home, model)
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, GREY_LIQUID)
        first = desk(app).last_state
        assert first is not None and (first.status, first.stop_reason) == ("needs_user", "no_evidence")
        await ask(pilot, REFINEMENT)
        state = desk(app).last_state
        assert state is not None and (state.status, state.stop_reason) == ("completed", "answered")
        assert state.continues == first.task_id and state.citations == ["S1"] and state.search_count == 0
        log = app.query_one(TrajectoryLog)
        line = str(log.query_one(".continuation-line", Static).render())
        labels = ", ".join(source.label for source in first.sources)
        assert line == f"continuing task {first.task_id[:8]}: 3 sources carried over ({labels})"
        sources = app.query_one(SourceList)
        assert sources.source("S1") == first.sources[0]
        assert sources.border_subtitle == "1 cited / 3 found (3 carried over)"
        assert "↺" in str(sources.get_option_at_index(1).prompt), "carried over, not cited"
        assert "●" in str(sources.get_option_at_index(0).prompt), "the carried-over source is cited"
        question = app.query_one("#question", Input)
        assert "Refine" not in question.placeholder, "after an answer the next question starts afresh"
    opening = model.history[2][1].content
    assert opening.startswith(f"Question: {GREY_LIQUID}\nRefined by the user: {REFINEMENT}\n")
    assert (
        '<source id="S1" fence="' in opening
        and 'Searches already run: "sourdough hooch grey liquid"' in opening
    )


async def test_a_continued_task_reopens_read_only_from_history(indexed_home: CarrelHome) -> None:
    from textual.widgets import DataTable

    from tui.desk.screens.history import HistoryScreen

    model = ScriptedModel([search("sourdough hooch grey liquid"), NOT_ENOUGH, final(HOOCH_ANSWER, ["S1"])])
    app = desk_app(indexed_home, model)
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, GREY_LIQUID)
        await ask(pilot, REFINEMENT)
        live = desk(app).last_state
        await pilot.press("ctrl+r")
        await wait_until(
            pilot, lambda: isinstance(app.screen, HistoryScreen) and app.screen.trajectories != {}
        )
        table = app.screen.query_one(DataTable)
        questions = [str(table.get_row_at(row)[2]) for row in range(table.row_count)]
        assert sorted(questions) == sorted([GREY_LIQUID, f"↳ {REFINEMENT}"])
        table.move_cursor(row=questions.index(f"↳ {REFINEMENT}"))
        await pilot.press("enter")
        await pilot.pause()
        replayed = desk(app)
        assert replayed.replay is not None and replayed.last_state == live
        line = str(replayed.query_one(".continuation-line", Static).render())
        assert line.startswith("continuing task ") and "3 sources carried over (S1, S2, S3)" in line
        assert replayed.query_one(SourceList).source("S1") is not None
        assert not replayed.query("#question")


async def test_export_writes_answer_and_sources_and_says_where(indexed_home: CarrelHome) -> None:
    app = desk_app(indexed_home, ScriptedModel(ANSWER_SCRIPT))
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "What is the grey liquid on my starter?")
        await pilot.press("ctrl+e")
        await pilot.pause()
        target = app.services.last_export
        assert target is not None and target.parent == indexed_home.root / "exports"
        notes = [n.message for n in app._notifications]
        assert any(target.name in note for note in notes)
    text = target.read_text(encoding="utf-8")
    assert text.startswith("# What is the grey liquid on my starter?")
    assert "hooch" in text and "[S1]" in text and "sourdough.md" in text and "> " in text


async def test_export_before_any_task_warns_instead(indexed_home: CarrelHome) -> None:
    app = desk_app(indexed_home, ScriptedModel([]))
    async with app.run_test(size=SIZE) as pilot:
        desk(app).action_export()
        await pilot.pause()
        assert app.services.last_export is None
        assert any("Nothing to export" in n.message for n in app._notifications)


async def test_trajectory_shows_decisions_code_did_not_accept(indexed_home: CarrelHome) -> None:
    script = [ANSWER_SCRIPT[0], ANSWER_SCRIPT[0], ANSWER_SCRIPT[1]]
    app = desk_app(indexed_home, ScriptedModel(script))
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "What is hooch?")
        lines = [str(widget.render()) for widget in app.query_one(TrajectoryLog).query(".step-line")]
    assert lines[0].startswith("search sourdough hooch") and "results" in lines[1]
    assert any("refused" in line or "invalid decision" in line for line in lines[2:]), lines
    assert lines[-1] == "answer citing S1"


async def test_a_model_that_cannot_load_is_reported_and_the_task_fails_cleanly(
    indexed_home: CarrelHome, tmp_path: Path
) -> None:
    missing = tmp_path / "no-such-model.gguf"
    app = make_app(indexed_home, model_spec=str(missing))
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "model failed (ModelFileMissingError)" in str(app.query_one("#model-status", Static).render())
        await ask(pilot, "What is hooch?")
        shown = app.query_one(AnswerView).query_one(Markdown).source
        assert "could not run" in shown and str(missing) in shown
        assert desk(app).progress.status == "failed" and not desk(app).progress.running


async def test_asking_without_an_index_says_how_to_build_one(home: CarrelHome) -> None:
    app = desk_app(home, ScriptedModel(ANSWER_SCRIPT))
    async with app.run_test(size=SIZE) as pilot:
        await first_run_offer(pilot)
        await pilot.press("escape")  # decline it
        await ask(pilot, "What is hooch?")
        shown = app.query_one(AnswerView).query_one(Markdown).source
        assert "IndexMissingError" in shown and "carrel index" in shown


async def test_a_rejected_final_answer_draft_is_taken_down(indexed_home: CarrelHome) -> None:
    """The model drafts an answer citing a label it was never given; code rejects it and the loop goes on."""
    script = [ANSWER_SCRIPT[0], final("Made up [S9].", ["S9"]), ANSWER_SCRIPT[1]]
    seen: list[str] = []
    app = desk_app(indexed_home, ScriptedModel(script))
    async with app.run_test(size=SIZE) as pilot:
        markdown = app.query_one(AnswerView).query_one(Markdown)
        original_update = markdown.update

        def spy(text: str) -> AwaitComplete:
            seen.append(text)
            return original_update(text)

        markdown.update = spy  # type: ignore[method-assign,assignment]
        await ask(pilot, "What is hooch?")
        state = desk(app).last_state
        assert state is not None and state.status == "completed"
    assert WORKING_TEXT in seen[1:-1], "the rejected draft was replaced before the accepted answer arrived"
    assert "S9" not in seen[-1] and "(source:S1)" in seen[-1]


async def test_question_search_on_the_desk(indexed_home: CarrelHome) -> None:
    """With the default question search on, code searches the question first; the model answers at once."""
    with_question_search = CarrelConfig(settings={**TEST_LIMITS.settings, "question_search": True})
    save_config(with_question_search, indexed_home.config_file)
    model = ScriptedModel([final(HOOCH_ANSWER, ["S1"])])
    app = desk_app(indexed_home, model)
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "What is the grey liquid hooch on my sourdough starter?")
        state = desk(app).last_state
        assert state is not None and (state.status, state.search_count) == ("completed", 1)
        assert state.queries_run == ["What is the grey liquid hooch on my sourdough starter?"]
        assert len(model.history) == 1, "one model decision: the search was code's"
        meter = str(app.query_one("#meter", Static).render())
        assert "searches 1/6" in meter and "completed" in meter


async def test_an_answer_sentence_without_a_label_shows_the_source_it_was_checked_against(
    indexed_home: CarrelHome,
) -> None:
    """A scripted model writes its answer (free mode); the sentence with no label of its own is marked."""
    answer = "Hooch is alcohol from hungry yeast. Pour it off and feed the starter [S1]."
    app = desk_app(indexed_home, ScriptedModel([ANSWER_SCRIPT[0], final(answer, ["S1"])]))
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "What is hooch?")
        state = desk(app).last_state
        assert state is not None and state.status == "completed"
        shown = app.query_one(AnswerView).query_one(Markdown).source
    assert [check.best_label for check in state.support] == ["S1", "S1"]
    assert "Hooch is alcohol from hungry yeast. _(checked against [\\[S1\\]](source:S1))_" in shown
