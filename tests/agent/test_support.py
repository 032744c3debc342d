"""The quote-level support check, with hand-made answers over the test corpus's passages (pure code)."""

from __future__ import annotations

import pytest

from agent.guards import (
    FINAL_CHECKS,
    WRITTEN_ANSWER_CHECKS,
    ProposedFinal,
    check_final,
    sentences_are_supported,
)
from agent.support import answer_sentences, check_answer, content_words, holds_fact, stated_facts
from tests.agent.conftest import DOCUMENTS

PASSAGES = {
    "S1": DOCUMENTS["tea.md"],
    "S2": DOCUMENTS["bicycles.md"],
    "S3": DOCUMENTS["volcanoes.md"],
    "S4": "# Paths\n\nUse `os.path.join` to join path parts; the module is os.path. The Zen says "
    '"Beautiful is better than ugly".\n',
}
SHARE = 0.6


def support(answer: str, citations: list[str]) -> list[bool]:
    return [sentence.supported for sentence in check_answer(answer, citations, PASSAGES, SHARE)]


def test_a_faithful_answer_is_supported_and_marked_with_its_source() -> None:
    (checked,) = check_answer(
        "Green tea is brewed with water at about 80 degrees Celsius [S1].", ["S1"], PASSAGES, SHARE
    )
    assert checked.supported and checked.best_label == "S1" and checked.word_share == 1.0


def test_a_number_no_source_gives_is_unsupported_and_named() -> None:
    (checked,) = check_answer("Green tea is brewed at 95 degrees Celsius [S1].", ["S1"], PASSAGES, SHARE)
    assert not checked.supported and checked.missing_facts == ["95"]


def test_a_true_statement_citing_the_wrong_label_is_unsupported() -> None:
    assert support("Green tea is brewed at about 80 degrees Celsius [S2].", ["S2"]) == [False]


@pytest.mark.parametrize(
    "answer",
    [
        "Water for green tea should be around 80 degrees Celsius, and boiling water turns it bitter [S1].",
        "Steep green tea for two or three minutes [S1].",
        "Stratovolcanoes are steep and explosive, while shield volcanoes are broad [S3].",
    ],
)
def test_a_faithful_paraphrase_passes(answer: str) -> None:
    assert support(answer, ["S1", "S3"]) == [True]


def test_an_invented_claim_without_numbers_fails_on_its_words() -> None:
    (checked,) = check_answer("Green tea cures headaches and improves memory [S1].", ["S1"], PASSAGES, SHARE)
    assert not checked.supported and checked.word_share < SHARE
    assert {"cures", "headaches", "memory"} <= set(checked.missing_words)


def test_each_sentence_is_checked_against_its_own_labels() -> None:
    tea = "Green tea is brewed at about 80 degrees Celsius [S1]."
    lava = "Shield volcanoes are built from fluid basalt lava [S3]."
    assert support(f"{tea} {lava}", ["S1", "S3"]) == [True, True]
    swapped = f"{tea.replace('S1', 'S3')} {lava.replace('S3', 'S1')}"
    assert support(swapped, ["S1", "S3"]) == [False, False]
    checked = check_answer(f"{tea} {lava}", ["S1", "S3"], PASSAGES, SHARE)
    assert [sentence.best_label for sentence in checked] == ["S1", "S3"]


def test_a_sentence_without_labels_is_checked_against_every_listed_citation() -> None:
    answer = "Boiling water makes green tea taste bitter. Brew it at about 80 degrees Celsius [S1]."
    checked = check_answer(answer, ["S1"], PASSAGES, SHARE)
    assert [sentence.labels for sentence in checked] == [["S1"], ["S1"]]
    assert all(sentence.supported for sentence in checked)


def test_identifiers_and_quoted_phrases_must_appear_verbatim() -> None:
    assert support("Join paths with `os.path.join` [S4].", ["S4"]) == [True]
    assert support("Join paths with os.path.joinpath from the os.path module [S4].", ["S4"]) == [False]
    assert support('The Zen says "Beautiful is better than ugly" [S4].', ["S4"]) == [True]
    assert support('The Zen says "Simple is better than complex" [S4].', ["S4"]) == [False]


def test_sentences_keep_the_labels_that_follow_them() -> None:
    answer = "Tea is green. [S1] Lava flows, e.g. basalt. [S3]\n- a bullet [S2]\nno full stop"
    assert answer_sentences(answer) == [
        "Tea is green. [S1]",
        "Lava flows, e.g. basalt. [S3]",
        "- a bullet [S2]",
        "no full stop",
    ]


def test_facts_and_words_leave_the_labels_out() -> None:
    assert stated_facts('Python 3.11 has __init__ and 1,000 "quoted words" [S1].') == [
        "quoted words",
        "3.11",
        "1,000",
        "__init__",
    ]
    assert stated_facts("As S1 says, tea is green [S1].") == []
    assert content_words("As S1 says, tea is green.") == ["says", "tea", "green"]
    assert content_words("The tea [S1] is brewed at 80 degrees.") == ["tea", "brewed", "degrees"]
    assert holds_fact("about 1000 of them", "1,000") and not holds_fact("about 80.5 degrees", "80")


# -- as a final-answer check ----------------------------------------------------------------------------


def test_the_support_check_names_the_sentence_and_why() -> None:
    answer = "Green tea is brewed at about 80 degrees Celsius [S1]. It boils at 95 degrees [S1]."
    checked = check_answer(answer, ["S1"], PASSAGES, SHARE)
    verdict = check_final(answer, ["S1"], PASSAGES, support=checked, checks=WRITTEN_ANSWER_CHECKS)
    (problem,) = verdict.problems
    assert problem.startswith('Sentence 2 ("It boils at 95 degrees [S1].") is not supported by S1: 95')


def test_only_written_answers_get_the_support_check() -> None:
    answer = "Green tea cures headaches [S1]."
    checked = check_answer(answer, ["S1"], PASSAGES, SHARE)
    assert check_final(answer, ["S1"], PASSAGES, support=checked).accepted
    assert sentences_are_supported not in FINAL_CHECKS


def test_an_abstention_needs_no_support() -> None:
    final = ProposedFinal("There is not enough evidence in the documents to answer this.", [], {"S1"}, ())
    assert sentences_are_supported(final) == []
