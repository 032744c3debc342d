"""Code's own search of the question text before the model's first decision (``question_search``).

The question's wording finds the passage that answers more often than the model's key-word queries, so code runs
it first; these tests pin down that it is code's (recorded so), counts against ``max_searches``, is shown in the
question's own turn, and is skipped where it cannot help.
"""

from __future__ import annotations

import json

from agent.eval.judge import tool_calls
from agent.events import SearchRan
from agent.loop import Agent, final_state
from agent.settings import AgentSettings
from agent.state import AgentState, ObservationContent
from indexer.results import QUERY_MAX_CHARS
from indexer.search import SearchTool
from models.scripted import ScriptedModel
from tests.agent.conftest import CountingTool, final, run_script, search

ABSTAIN = final("There is not enough evidence in the documents to answer this.")
TEA_QUESTION = "At what temperature is green tea brewed?"


def with_question_search(
    replies: list[str], tool: object, question: str = TEA_QUESTION, **limits: object
) -> tuple[AgentState, ScriptedModel]:
    state, _, model = run_script(replies, tool, question=question, question_search=True, **limits)
    return state, model


def test_code_searches_the_question_text_before_the_model_decides(tool: SearchTool) -> None:
    state, model = with_question_search([ABSTAIN], tool)

    first = tool_calls(state)[0]
    assert (first.query, first.issued_by, first.executed) == (TEA_QUESTION, "code", True)
    assert [step.kind for step in state.steps][:3] == ["tool_call", "observation", "plan"]
    assert state.source_by_label("S1") is not None
    assert state.source_by_label("S1").path.endswith("tea.md")  # type: ignore[union-attr]
    assert len(model.history) == 1  # the search cost no model decision


def test_the_question_search_counts_against_max_searches(tool: SearchTool) -> None:
    state, model = with_question_search([search("green tea celsius"), ABSTAIN], tool, max_searches=1)

    assert state.search_count == 1
    assert '"search"' not in str(model.schemas[0])  # no search left to offer the model
    assert [call.issued_by for call in tool_calls(state) if call.executed] == ["code"]


def test_its_results_join_the_question_turn_so_turns_still_alternate(tool: SearchTool) -> None:
    _, model = with_question_search([ABSTAIN], tool)

    roles = [message.role for message in model.history[0]]
    opening = model.history[0][1].content
    assert roles == ["system", "user"]
    assert opening.startswith(f"Question: {TEA_QUESTION}\nKey words:")
    assert f'Search 1 of 3 for "{TEA_QUESTION}"' in opening and "<source " in opening
    assert opening.count("Searches left:") == 1 and opening.rstrip().endswith(
        "Reply with your next decision."
    )


def test_the_model_may_not_run_the_question_search_again(tool: SearchTool) -> None:
    counting = CountingTool(tool)
    replies = [search(TEA_QUESTION.lower().rstrip("?")), ABSTAIN]
    state, _ = with_question_search(replies, counting, search_stop_share=1.0, search_past_an_answer=True)

    assert counting.queries == [TEA_QUESTION]
    assert [call.refusal for call in tool_calls(state)] == [None, "repeated query"]


def test_no_question_search_when_switched_off_or_no_search_is_allowed(tool: SearchTool) -> None:
    off, _, _ = run_script([search("green tea"), ABSTAIN], tool, question=TEA_QUESTION)
    none_allowed, _ = with_question_search([ABSTAIN], tool, max_searches=0)

    assert [call.issued_by for call in tool_calls(off)] == ["model"]
    assert tool_calls(none_allowed) == []


def test_no_question_search_for_a_question_that_may_only_be_clarified(tool: SearchTool) -> None:
    replies = ['{"action": "clarify", "question": "What is it?"}']
    state, _ = with_question_search(replies, tool, question="What does it return?", decisions="free")

    assert tool_calls(state) == []
    assert state.stop_reason == "clarification_needed"


def test_no_question_search_when_continuing_a_task(tool: SearchTool) -> None:
    first, _ = with_question_search([search("bicycle chain"), ABSTAIN], tool, search_stop_share=1.0)
    agent = Agent(model=ScriptedModel([ABSTAIN]), tool=tool, settings=AgentSettings())
    continued = final_state(agent.run("the green tea one", previous=first))

    assert tool_calls(continued) == []


def test_a_long_question_is_searched_cut_at_a_word_boundary(tool: SearchTool) -> None:
    counting = CountingTool(tool)
    question = "At what temperature is green tea brewed " + "and steeped carefully " * 12 + "today?"
    with_question_search([ABSTAIN], counting, question=question)

    (query,) = counting.queries
    assert len(query) <= 200 and question.startswith(query) and question[len(query)] == " "


def test_search_events_carry_the_code_search_like_any_other(tool: SearchTool) -> None:
    model = ScriptedModel([ABSTAIN])
    events = list(Agent(model=model, tool=tool, settings=AgentSettings()).run(TEA_QUESTION))

    ran = [event for event in events if isinstance(event, SearchRan)]
    assert [event.query for event in ran] == [TEA_QUESTION]
    observation = final_state(iter(events)).steps[1].content
    assert isinstance(observation, ObservationContent) and observation.new_labels == ["S1"]


def test_once_code_holds_an_answer_searching_on_is_not_offered(tool: SearchTool) -> None:
    """A question whose key words are only partly in the corpus keeps searching wanted by coverage; the first
    search already gives code an answer it would offer, so only answering (or abstaining) is."""
    _, held = with_question_search([ABSTAIN], tool, question=TEA_QUESTION, search_stop_share=1.0)
    _, searched_on = with_question_search(
        [ABSTAIN], tool, question=TEA_QUESTION, search_stop_share=1.0, search_past_an_answer=True
    )

    assert '"search"' not in json.dumps(held.schemas[0])
    assert '"search"' in json.dumps(searched_on.schemas[0])


def test_a_default_asked_for_in_other_words_is_searched_for_by_that_word(tool: SearchTool) -> None:
    """Decision 0109: manuals say "default" where users say "out of the box"; the question search adds it."""
    question = "Out of the box, at what temperature is green tea brewed?"
    state, _ = with_question_search([ABSTAIN], tool, question=question)

    assert tool_calls(state)[0].query == f"{question} default"


def test_a_long_default_question_is_cut_at_a_word_to_leave_room_for_the_word(tool: SearchTool) -> None:
    question = "Out of the box, " + "how hot is the water for green tea " * 8 + "brewed?"
    state, _ = with_question_search([ABSTAIN], tool, question=question)

    query = tool_calls(state)[0].query
    assert len(query) <= QUERY_MAX_CHARS and query.endswith(" default")
    assert set(query.removesuffix(" default").split()) <= set(question.split())
