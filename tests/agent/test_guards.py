"""Final-answer validation, the per-step decision schema and the lexical evidence rules, in isolation."""

from __future__ import annotations

import json

import jsonschema
import pytest

from agent.answers import AnswerChoice
from agent.decision import (
    NO_EVIDENCE_ANSWER,
    DecisionError,
    FinalDecision,
    SearchDecision,
    decision_schema,
    parse_decision,
)
from agent.evidence import assess, candidate_queries, key_terms, needs_clarifying, question_parts
from agent.guards import check_final, inline_labels, states_no_evidence
from agent.state import Source

KNOWN = {"S1", "S2", "S3"}


def test_a_cited_answer_is_accepted() -> None:
    verdict = check_final("Tea is brewed at 80 degrees [S1], briefly [S2].", ["S1", "S2"], KNOWN)
    assert verdict.accepted and not verdict.abstained


@pytest.mark.parametrize(
    ("answer", "citations", "problem"),
    [
        ("", ["S1"], "The answer is empty"),
        ("   ", [], "The answer is empty"),
        ("... [S2]", ["S2"], "The answer is empty"),
        ("Hot [S1].", ["S9"], "S9 is not a source you were given (your sources are S1, S2, S3)"),
        ("Hot [S7].", ["S1"], "S7 is not a source you were given"),
        ("Hot [S1] and cold [S2].", ["S1"], "cites [S2] inline but 'citations' does not list S2"),
        ("Hot [S1, S3].", ["S1"], "cites [S3] inline"),
        ("Tea is hot.", [], "The answer cites no source"),
    ],
)
def test_invalid_finals_are_explained(answer: str, citations: list[str], problem: str) -> None:
    verdict = check_final(answer, citations, KNOWN)
    assert not verdict.accepted
    assert any(problem in text for text in verdict.problems), verdict.problems


@pytest.mark.parametrize(
    "answer",
    [
        NO_EVIDENCE_ANSWER,
        "I could not find this in the documents.",
        "No relevant sources were found.",
        "There is insufficient evidence to say.",
    ],
)
def test_an_uncited_statement_of_no_evidence_is_an_abstention(answer: str) -> None:
    verdict = check_final(answer, [], KNOWN)
    assert verdict.accepted and verdict.abstained
    assert states_no_evidence(answer)


def test_an_answer_saying_there_is_no_evidence_is_never_completed_even_with_citations() -> None:
    verdict = check_final(
        "There is not enough evidence in the documents to answer this.", ["S1", "S2"], KNOWN
    )
    assert verdict.accepted and verdict.abstained


def test_a_quote_of_the_documents_is_never_an_abstention() -> None:
    answer = "If the loader cannot find a module, it searches LTDL_LIBRARY_PATH. [S1]"

    assert check_final(answer, ["S1"], KNOWN).abstained
    quoted = check_final(answer, ["S1"], KNOWN, quoted=True)
    assert quoted.accepted and not quoted.abstained


def test_inline_labels_in_every_bracket_style() -> None:
    assert inline_labels("a [S1] b [S2, S3] c [S2][S4] d S5 e [see S6]") == ["S1", "S2", "S3", "S4", "S6"]


# -- decision schema ------------------------------------------------------------------------------------------


def test_no_final_is_offered_before_any_source_and_citations_are_an_enum_of_given_labels() -> None:
    first = decision_schema(["search"], [])
    assert first["properties"]["action"] == {"const": "search"}
    later = json.dumps(decision_schema(["search", "final"], ["S1", "S2"]))
    assert '"enum": ["S1", "S2"]' in later


def test_final_without_citable_sources_offers_only_the_no_evidence_answer() -> None:
    schema = decision_schema(["final"], [])
    jsonschema.validate({"action": "final", "citations": [], "answer": NO_EVIDENCE_ANSWER}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"action": "final", "citations": ["S1"], "answer": "x [S1]"}, schema)


def test_answer_choices_fix_citations_and_text_together() -> None:
    choices = [
        AnswerChoice(citations=("S1",), text="Tea is green. [S1]"),
        AnswerChoice(citations=("S2", "S1"), text="Lava flows. [S2] Tea is green. [S1]"),
    ]
    schema = decision_schema(["final"], ["S1", "S2"], answers=choices)
    jsonschema.validate({"action": "final", "citations": ["S1"], "answer": "Tea is green. [S1]"}, schema)
    two = {"action": "final", "citations": ["S2", "S1"], "answer": "Lava flows. [S2] Tea is green. [S1]"}
    jsonschema.validate(two, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"action": "final", "citations": ["S1"], "answer": "Lava flows. [S2]"}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"action": "final", "citations": ["S2"], "answer": "Tea is green. [S1]"}, schema)


def test_answer_choices_citing_an_uncitable_label_are_not_offered() -> None:
    choices = [AnswerChoice(citations=("S3",), text="Boiling water. [S3]")]
    schema = decision_schema(["final"], ["S1"], answers=choices)

    assert "Boiling water" not in json.dumps(schema)


def test_query_choices_are_an_enum() -> None:
    schema = decision_schema(["search"], [], queries=["green tea", "tea water"])
    jsonschema.validate({"action": "search", "query": "tea water"}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"action": "search", "query": "anything else"}, schema)


def test_parse_accepts_decisions_and_explains_everything_else() -> None:
    assert isinstance(parse_decision('{"action": "search", "query": "tea", "limit": 3}'), SearchDecision)
    assert isinstance(
        parse_decision('{"action": "final", "answer": "x [S1]", "citations": ["S1"]}'), FinalDecision
    )
    for text, reason in [
        ("{", "not valid JSON"),
        ("[1, 2]", "one JSON object"),
        ('{"action": "shell", "cmd": "ls"}', "'action' must be one of"),
        ('{"action": "search"}', "search decision is malformed"),
        ('{"action": "final", "answer": "x", "tools": ["shell"]}', "final decision is malformed"),
    ]:
        with pytest.raises(DecisionError, match=reason):
            parse_decision(text)


# -- evidence rules -------------------------------------------------------------------------------------------


def tea_source(label: str, snippet: str) -> Source:
    return Source(
        label=label, passage_id=label, doc_id="d", title="Tea", path="tea.md", snippet=snippet, query="q"
    )


def test_key_terms_drop_stopwords_and_keep_order() -> None:
    assert key_terms("What exception does a failing assert statement raise?") == [
        "exception",
        "failing",
        "assert",
        "statement",
        "raise",
    ]


def test_coverage_counts_key_words_the_sources_mention_with_crude_stemming() -> None:
    evidence = assess(
        ["brewing", "temperatures", "sencha"], [tea_source("S1", "Tea is brewed at low temperature.")]
    )
    assert evidence.found == ["brewing", "temperatures"] and evidence.missing == ["sencha"]
    assert evidence.citable == ["S1"]


def test_only_sources_that_mention_key_words_are_citable() -> None:
    sources = [tea_source("S1", "Lava and rock."), tea_source("S2", "Green tea water.")]
    assert assess(["green", "water"], sources).citable == ["S2"]


def test_candidate_queries_put_missing_words_first_and_never_repeat() -> None:
    question = (
        "Which exception does a failing assert raise, and which one does deleting an unbound name raise?"
    )
    assert question_parts(question)[1].startswith("which one does deleting")
    first = candidate_queries(question, [], [])
    assert first[0] == "exception failing assert raise deleting unbound name"
    later = candidate_queries(question, ["deleting", "unbound"], [first[0]])
    assert later[0] == "deleting unbound" and first[0] not in later


@pytest.mark.parametrize(
    ("question", "vague"),
    [
        ("What does it return?", True),
        ("Is that allowed inside the loop?", True),
        ("What does the pass statement do when it is executed?", False),
        ("Is there a limit for the length of integer literals?", False),
        ("Is it there?", True),
        (
            "One of my backend boxes is going offline. What do I add to its server line in the upstream block?",
            False,
        ),
        (
            "Just for one run, which command-line switch makes Sphinx warn about every broken reference?",
            False,
        ),
        (
            "Which exception does a failing assert raise, and which one does deleting an unbound name raise?",
            False,
        ),
    ],
)
def test_clarify_is_offered_only_for_short_questions_about_an_unnamed_thing(
    question: str, vague: bool
) -> None:
    assert needs_clarifying(question) is vague
