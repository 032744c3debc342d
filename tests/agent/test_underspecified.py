"""A question whose words single out no one place in the documents is asked back, naming the places found."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.evidence import expected_passages_holding_all
from agent.loop import RARITY_MIN_PASSAGES, Agent, final_state
from agent.settings import AgentSettings
from indexer.search import SearchTool, open_search_tool
from models.scripted import ScriptedModel
from tests.agent.conftest import final, run_script, search
from tests.support.indexes import daemon_names, daemon_pages, index_documents

# Enough daemons for word shares to mean something (RARITY_MIN_PASSAGES), each in its own one-passage page.
DAEMONS = daemon_names(64)
GENERIC = "What port does the daemon listen on by default?"
NAMED = "What port does the alpha daemon listen on by default?"
ANSWER = "The alpha daemon listens on port 7001 by default."


def test_common_words_are_expected_together_in_many_passages() -> None:
    assert expected_passages_holding_all({"default": 0.1, "port": 0.2}, 1000) == pytest.approx(20)


def test_a_rare_word_singles_out_fewer_than_one_passage() -> None:
    shares = {"default": 0.1, "port": 0.2, "alpha": 0.001}
    assert expected_passages_holding_all(shares, 1000) == pytest.approx(0.02)


def test_a_word_no_passage_holds_counts_as_held_by_one() -> None:
    assert expected_passages_holding_all({"default": 1.0, "kettle": 0.0}, 50) == pytest.approx(1)
    assert expected_passages_holding_all({}, 50) == 0


def daemon_index(tmp_path: Path) -> SearchTool:
    return open_search_tool(index_documents(tmp_path, daemon_pages(DAEMONS)))


def ask(tool: SearchTool, question: str, **settings: object) -> tuple[str, str | None, str]:
    state, _, _ = run_script(
        [final(ANSWER, ["S1"])], tool, question, question_search=True, ask_between_readings=False, **settings
    )
    return state.status, state.stop_reason, state.message


def test_a_question_naming_only_common_words_is_asked_back(tmp_path: Path) -> None:
    status, reason, message = ask(daemon_index(tmp_path), GENERIC)
    assert (status, reason) == ("needs_user", "clarification_needed")
    named = [name for name in DAEMONS if f"The {name} daemon" in message]
    assert f"(The {named[0]} daemon)" not in message, "a heading that repeats the title is not repeated"
    assert len(named) >= 2, message
    assert "Which one do you mean?" in message


def test_a_question_naming_one_place_is_answered(tmp_path: Path) -> None:
    status, reason, _ = ask(daemon_index(tmp_path), NAMED)
    assert (status, reason) == ("completed", "answered")


def test_the_rule_can_be_switched_off(tmp_path: Path) -> None:
    status, reason, _ = ask(daemon_index(tmp_path), GENERIC, ask_when_underspecified=False)
    assert (status, reason) == ("completed", "answered")


def test_a_small_index_is_read_as_it_is(tmp_path: Path) -> None:
    documents = {
        f"{name}.md": f"# The {name} daemon\n\nThe {name} daemon listens on port 7001 by default.\n"
        for name in DAEMONS[:4]
    }
    tool = open_search_tool(index_documents(tmp_path, documents))
    status, reason, _ = ask(tool, GENERIC)
    assert (status, reason) == ("completed", "answered")


def test_sections_of_one_document_are_places_too(tmp_path: Path) -> None:
    sections = "".join(
        f"## Listening {n}\n\nThe daemon listens on port 7001 by default, section {n} says.\n\n"
        + "filler " * 200
        + "\n\n"
        for n in range(RARITY_MIN_PASSAGES)
    )
    tool = open_search_tool(index_documents(tmp_path, {"daemon.md": f"# The daemon\n\n{sections}"}))
    assert tool.stats().passages >= RARITY_MIN_PASSAGES
    status, reason, message = ask(tool, GENERIC)
    assert (status, reason) == ("needs_user", "clarification_needed")
    assert message.count("(The daemon > Listening") >= 2, message


def test_the_users_reply_to_the_question_back_is_answered(tmp_path: Path) -> None:
    tool = daemon_index(tmp_path)
    first, _, _ = run_script([], tool, GENERIC, question_search=True, ask_between_readings=False)
    assert (first.status, first.stop_reason) == ("needs_user", "clarification_needed")
    model = ScriptedModel([search("alpha daemon port"), final(ANSWER, ["S4"])])
    settings = {"question_search": True, "decisions": "choices", "ask_between_readings": False}
    agent = Agent(model=model, tool=tool, settings=AgentSettings.model_validate(settings))
    state = final_state(agent.run("the alpha daemon", previous=first))
    assert (state.status, state.stop_reason) == ("completed", "answered")
    assert state.answer is not None and "7001" in state.answer


# Three of sixty pages state a buffer size; the words are rare one by one, so independent shares expect fewer
# than one passage to hold all of them, but they go together: three passages do.
TOOLS = daemon_names(60)
BUFFERS = {
    f"{name}.md": (
        f"# The {name} tool\n\nThe {name} tool keeps a default buffer size of {16 * (n + 1)} KiB.\n"
        if n < 3
        else f"# The {name} tool\n\nThe {name} tool prints a report of its work.\n"
    )
    for n, name in enumerate(TOOLS)
}
BUFFER_QUESTION = "What is the default buffer size?"


def test_words_held_together_by_several_passages_name_too_little(tmp_path: Path) -> None:
    tool = open_search_tool(index_documents(tmp_path, BUFFERS))
    shares = {word: tool.passage_share(word) for word in ("default", "buffer", "size")}
    assert expected_passages_holding_all(shares, tool.stats().passages) < 1
    assert tool.passages_holding_all(["default", "buffer", "size"]) == 3
    status, reason, message = ask(tool, BUFFER_QUESTION)
    assert (status, reason) == ("needs_user", "clarification_needed")
    assert sum(f"The {name} tool" in message for name in TOOLS[:3]) >= 2, message


def test_words_one_passage_holds_together_are_answered(tmp_path: Path) -> None:
    tool = open_search_tool(index_documents(tmp_path, BUFFERS))
    status, reason, _ = ask(tool, f"What is the default buffer size of the {TOOLS[0]} tool?")
    assert tool.passages_holding_all(["default", "buffer", "size", TOOLS[0]]) == 1
    assert (status, reason) == ("completed", "answered")
