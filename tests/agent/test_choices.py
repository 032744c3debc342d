"""Choose, don't copy: once a schema-bound model's reply can only be one offered decision, code completes it
(``agent.choices``) - the same decision, fewer tokens written, the model's own text kept in the trajectory."""

from __future__ import annotations

import json
from pathlib import Path

from agent.answers import AnswerChoice
from agent.choices import codes_first_offer, determined_reply, offered_replies, without_layout
from agent.decision import NO_EVIDENCE_ANSWER, decision_schema
from agent.events import TokensUsed
from agent.loop import final_state
from agent.state import PlanContent
from indexer.search import open_search_tool
from models.scripted import ScriptedModel
from tests.agent.conftest import GrammarBoundScript, make_agent
from tests.support.indexes import index_documents

ANSWER = AnswerChoice(citations=("S1",), text="The default is 4MB. [S1]")
SCHEMA = decision_schema(["search", "final"], ["S1"], queries=["alpha beta", "gamma"], answers=[ANSWER])


def test_every_offered_decision_is_written_as_the_grammar_writes_it() -> None:
    assert [reply.text for reply in offered_replies(SCHEMA)] == [
        '{"action":"search","query":"alpha beta"}',
        '{"action":"search","query":"gamma"}',
        '{"action":"final","citations":["S1"],"answer":"The default is 4MB. [S1]"}',
        f'{{"action":"final","citations":[],"answer":"{NO_EVIDENCE_ANSWER}"}}',
    ]


def test_a_reply_is_completed_only_once_one_offered_decision_fits_it() -> None:
    offered = offered_replies(SCHEMA)

    assert determined_reply('{"action": "final", "citations": [', offered) is None
    assert determined_reply('{"action": "final", "citations": ["', offered) == offered[2].text
    assert determined_reply('{"action": "search", "query": "g', offered) == offered[1].text
    assert determined_reply('{"action": "search", "query": "', offered) is None


def test_a_free_field_keeps_the_reply_open() -> None:
    clarify = offered_replies(decision_schema(["clarify"], []))

    assert determined_reply('{"action": "clarify", "question": "Which', clarify) is None


def test_layout_between_tokens_is_ignored_but_not_inside_strings() -> None:
    assert without_layout('{ "a" : "x  y" ,\n "b": [ 1 ] }') == '{"a":"x  y","b":[1]}'


DOCUMENTS = {"sort.md": "# Sort memory\n\nThe sort memory setting sizes each sort. Its default is 4MB.\n"}


def run(tmp_path: Path, model: ScriptedModel) -> tuple[list[PlanContent], str | None]:
    tool = open_search_tool(index_documents(tmp_path, DOCUMENTS))
    agent = make_agent(
        model, tool, question_search=True, model_may_decline=True
    )  # two replies to choose from
    state = final_state(agent.run("What is the default size of the sort memory?"))
    return [step.content for step in state.steps if isinstance(step.content, PlanContent)], state.answer


def test_the_loop_stops_the_model_once_its_choice_is_made_and_records_both_texts(tmp_path: Path) -> None:
    reply = {"action": "final", "citations": ["S1"], "answer": "placeholder"}
    bound = GrammarBoundScript([json.dumps(reply)])

    plans, answer = run(tmp_path, bound)

    assert answer is not None and "Its default is 4MB" in answer
    assert plans[0].model_text is not None and len(plans[0].model_text) < len(plans[0].raw)
    assert json.loads(plans[0].raw)["answer"] == answer
    assert bound.usages == []  # the stream was stopped before the script's own completion


def test_a_completed_decision_is_charged_the_prompt_the_cache_already_held(tmp_path: Path) -> None:
    bound = GrammarBoundScript(
        [json.dumps({"action": "final", "citations": ["S1"], "answer": "placeholder"})]
    )
    tool = open_search_tool(index_documents(tmp_path, DOCUMENTS))
    events = list(
        make_agent(bound, tool, question_search=True, model_may_decline=True).run(
            "What is the default size of the sort memory?"
        )
    )

    used = [event for event in events if isinstance(event, TokensUsed)]
    assert [event.cached_tokens for event in used] == [7]


def test_a_script_that_may_write_anything_is_never_completed(tmp_path: Path) -> None:
    plans, _ = run(
        tmp_path, ScriptedModel([json.dumps({"action": "final", "citations": ["S1"], "answer": "x [S1]"})])
    )

    assert plans[0].model_text is None and json.loads(plans[0].raw)["answer"] == "x [S1]"


def test_a_decision_with_one_possible_reply_is_not_asked_of_a_schema_bound_model(tmp_path: Path) -> None:
    """Without the choice to decline, code's answer is the only reply the grammar allows: the model is not
    called, and the trajectory records that it wrote nothing."""
    bound = GrammarBoundScript([])
    tool = open_search_tool(index_documents(tmp_path, DOCUMENTS))
    agent = make_agent(bound, tool, question_search=True, model_may_decline=False)

    state = final_state(agent.run("What is the default size of the sort memory?"))

    assert state.status == "completed" and state.answer is not None and "Its default is 4MB" in state.answer
    assert bound.schemas == [] and bound.usages == []
    plans = [step.content for step in state.steps if isinstance(step.content, PlanContent)]
    assert plans[0].model_text == ""


def test_with_the_choice_to_decline_the_model_is_asked_between_the_answer_and_no_evidence(
    tmp_path: Path,
) -> None:
    reply = {"action": "final", "citations": [], "answer": NO_EVIDENCE_ANSWER}
    bound = GrammarBoundScript([json.dumps(reply)])
    tool = open_search_tool(index_documents(tmp_path, DOCUMENTS))

    state = final_state(
        make_agent(bound, tool, question_search=True, model_may_decline=True).run(
            "What is the default size of the sort memory?"
        )
    )

    assert len(bound.schemas) == 1 and NO_EVIDENCE_ANSWER in json.dumps(bound.schemas[0])
    assert state.answer == NO_EVIDENCE_ANSWER


def test_decision_schemas_offer_declining_beside_code_answers_only_when_the_model_may_decline() -> None:
    kept = decision_schema(["final"], ["S1"], answers=[ANSWER])
    dropped = decision_schema(["final"], ["S1"], answers=[ANSWER], may_decline=False)

    assert NO_EVIDENCE_ANSWER in json.dumps(kept)
    assert NO_EVIDENCE_ANSWER not in json.dumps(dropped) and len(offered_replies(dropped)) == 1


def test_code_prefers_its_cited_answer_then_its_first_query_then_the_first_option() -> None:
    offered = offered_replies(SCHEMA)
    searching = offered_replies(decision_schema(["search", "final"], [], queries=["alpha beta", "gamma"]))
    abstaining = offered_replies(decision_schema(["final"], []))

    assert codes_first_offer(offered) == offered[2]
    assert codes_first_offer(searching) == searching[0]
    assert codes_first_offer(abstaining) == abstaining[0]


def test_code_leaves_a_clarifying_question_to_the_model() -> None:
    assert codes_first_offer(offered_replies(decision_schema(["clarify"], []))) is None


UNANSWERED = (
    "Which hash function does the sort memory use for joins?"  # no sentence names one: code searches on
)


def searches_after_the_question(
    bound: GrammarBoundScript, tmp_path: Path, **limits: object
) -> list[PlanContent]:
    tool = open_search_tool(index_documents(tmp_path, DOCUMENTS))
    state = final_state(make_agent(bound, tool, question_search=True, **limits).run(UNANSWERED))
    return [step.content for step in state.steps if isinstance(step.content, PlanContent)]


def test_by_default_a_schema_bound_model_is_not_asked_to_choose_among_codes_offers(tmp_path: Path) -> None:
    """Code offers two queries and abstaining; it runs its first query itself, and the model writes nothing."""
    bound = GrammarBoundScript([])

    plans = searches_after_the_question(bound, tmp_path)

    assert bound.schemas == [] and all(plan.model_text == "" for plan in plans)
    assert [plan.query for plan in plans[:2]] == ["hash function joins", "hash function sort memory joins"]


def test_a_model_that_chooses_is_asked_which_query_to_run(tmp_path: Path) -> None:
    second = json.dumps({"action": "search", "query": "hash function sort memory joins"})
    bound = GrammarBoundScript([second, second, second])

    plans = searches_after_the_question(bound, tmp_path, model_chooses=True)

    assert "hash function joins" in json.dumps(bound.schemas[0])
    assert plans[0].query == "hash function sort memory joins" and plans[0].model_text
