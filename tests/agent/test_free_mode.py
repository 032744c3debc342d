"""Free mode: the model writes its own queries and answer; every written sentence must be supported by its sources.

The loop and guards are the same as in choice mode (tests/agent/test_loop.py); these tests pin down what differs:
ordinary decisions are accepted where choice mode only offers code's, the quote check gets the one corrective turn
a rejected final gets, 'auto' resolves from the model, and the mode in force is on the task_started event.
"""

from __future__ import annotations

import json

import pytest

from agent.events import TaskStarted
from agent.loop import Agent, final_state
from agent.settings import DEFAULT_FREE_MIN_PARAMETERS, AgentSettings, settings_for_model
from indexer.search import SearchTool
from models.scripted import ScriptedModel
from tests.agent.conftest import final, run_script, search

TEA_QUESTION = "At what temperature is green tea brewed?"
TEA_ANSWER = "Green tea is brewed at about 80 degrees Celsius [S1]."
INVENTED = "Green tea is brewed at 95 degrees Celsius [S1]."


def free(replies: list[str], tool: SearchTool, **limits: object):  # type: ignore[no-untyped-def]
    return run_script(replies, tool, question=TEA_QUESTION, decisions="free", **limits)


def test_a_search_after_the_key_words_are_found_is_accepted(tool: SearchTool) -> None:
    """Choice mode refuses it (only code's queries, and none once the key words are covered); free mode runs it."""
    script = [search("green tea"), search("boiling water bitter"), final(TEA_ANSWER, ["S1"])]

    state, _, model = free(script, tool)

    assert (state.status, state.stop_reason) == ("completed", "answered")
    assert state.queries_run == ["green tea", "boiling water bitter"]
    assert '"enum"' not in json.dumps(model.schemas[0]["properties"]["query"])  # written, not chosen
    choices, _, _ = run_script(script, tool, question=TEA_QUESTION, decisions="choices")
    assert choices.queries_run == ["green tea"]


def test_the_question_search_stays_on_in_free_mode(tool: SearchTool) -> None:
    state, _, _ = free([final(TEA_ANSWER, ["S1"])], tool, question_search=True)
    assert state.stop_reason == "answered" and state.queries_run == [TEA_QUESTION]


def test_an_accepted_answer_records_which_source_each_sentence_was_checked_against(tool: SearchTool) -> None:
    answer = f"{TEA_ANSWER} Boiling water makes it bitter [S1]."
    state, _, _ = free([search("green tea"), final(answer, ["S1"])], tool)

    assert state.stop_reason == "answered"
    assert [(check.best_label, check.supported) for check in state.support] == [("S1", True), ("S1", True)]


def test_an_unsupported_sentence_gets_one_corrective_turn_naming_it(tool: SearchTool) -> None:
    state, _, model = free([search("green tea"), final(INVENTED, ["S1"]), final(TEA_ANSWER, ["S1"])], tool)

    assert (state.status, state.stop_reason) == ("completed", "answered")
    correction = model.history[2][-1].content
    assert (
        'Sentence 1 ("Green tea is brewed at 95 degrees Celsius [S1].") is not supported by S1' in correction
    )
    assert "95 does not appear there" in correction


def test_a_second_unsupported_answer_fails_invalid_final(tool: SearchTool) -> None:
    script = [
        search("green tea volcano"),
        final(INVENTED, ["S1"]),
        final(TEA_ANSWER.replace("S1", "S2"), ["S2"]),
    ]

    state, _, _ = free(script, tool)

    assert (state.status, state.stop_reason) == ("failed", "invalid_final")
    assert "not supported by S2" in state.message and state.answer is None


def test_choice_mode_records_support_but_does_not_enforce_it(tool: SearchTool) -> None:
    state, _, _ = run_script(
        [search("green tea"), final(INVENTED, ["S1"])], tool, question=TEA_QUESTION, decisions="choices"
    )
    assert state.stop_reason == "answered"
    assert [check.supported for check in state.support] == [False]


class SizedScript(ScriptedModel):
    """A scripted model that reports a GGUF-like size, as a loaded LlamaCppModel does."""

    def __init__(self, replies: list[str], parameters: int) -> None:
        super().__init__(replies)
        self.parameter_count = parameters


@pytest.mark.parametrize(
    ("model", "mode"),
    [
        (ScriptedModel([]), "free"),
        (object(), "choices"),  # a model that cannot say its size is treated as small
    ],
)
def test_auto_gives_a_scripted_model_free_mode(model: object, mode: str) -> None:
    assert settings_for_model(AgentSettings(), model).decisions == mode


@pytest.mark.parametrize(
    ("parameters", "mode"),
    [
        (134_515_008, "choices"),
        (268_098_176, "choices"),
        (DEFAULT_FREE_MIN_PARAMETERS, "free"),
        (7_000_000_000, "free"),
    ],
)
def test_auto_decides_from_the_parameter_count(parameters: int, mode: str) -> None:
    resolved = AgentSettings().for_model(parameters=parameters, scripted=False)
    assert resolved.decisions == mode
    assert resolved.answer_choices is resolved.query_choices is (mode == "choices")


def test_an_explicit_mode_is_kept_whatever_the_model() -> None:
    assert settings_for_model(AgentSettings(decisions="choices"), ScriptedModel([])).decisions == "choices"
    assert AgentSettings(decisions="free").for_model(parameters=1, scripted=False).decisions == "free"


def test_the_task_started_event_names_the_mode_in_force(tool: SearchTool) -> None:
    agent = Agent(model=ScriptedModel([search("green tea"), final(TEA_ANSWER, ["S1"])]), tool=tool)
    events = list(agent.run(TEA_QUESTION))
    started = events[0]
    assert isinstance(started, TaskStarted) and started.decisions == "free"
    assert final_state(iter(events)).stop_reason == "answered"
