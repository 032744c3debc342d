"""A sentence that asks is not an answer (decision 0098): a question, or a sentence asking what the user's
question asks, is never offered, however many of the question's words it repeats.

Pages that restate a user's question - a forum post, a to-do, a quiz card - word it closest to the user, so
ranking by the question's words alone put them first: on the 27 suites of sets D-L, 80 answers to clear
questions cited such a page before the rule, and 42 after.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.evidence import stem
from agent.fitness import asks, unfit_as_answer, unsafe_to_quote
from agent.question import QuestionShape, asked_for
from tests.agent.conftest import offered_after_first_search

QUESTION = "Which cipher does Mutt use to encrypt an S/MIME message if I never chose one?"
DOCUMENTS = {
    "forum.md": "# Mutt S/MIME question\n\nI never chose an algorithm for S/MIME encryption and would like to know "
    "which cipher Mutt uses when it encrypts a message on its own. Does anyone know which cipher Mutt picks "
    "to encrypt S/MIME mail? Thanks in advance, Pat.\n",
    "manual.md": "# S/MIME settings\n\nThe smime_encrypt_with variable sets the algorithm Mutt uses to encrypt "
    "S/MIME messages. It defaults to aes256.\n",
}


@pytest.mark.parametrize(
    ("sentence", "asking"),
    [
        ("Which TeX engine will the LaTeX builder choose for a Japanese document?", True),
        ("What existing technology is it built on? (a) ____", False),
        ("Does anyone know the default port?)", True),
        ("It defaults to aes256.", False),
        ("zlib compress string ?level?", False),
        ("Match 0 or more times, not greedily *?", False),
        ("Match at most n times, not greedily {n,m}?", False),
        ('print join("|", $s =~ m/ ( .+?', False),
        ("Why not rewrite FFmpeg in object-oriented C++?", True),
        ("How can I pass/return a {Function, FileHandle, Array, Hash, Method, Regex}?", True),
        ("Is the limit (see below)?", True),
        ("How much faster is -F or -f than -C?", True),
        ("echo $?", False),
    ],
)
def test_a_question_is_not_a_statement(sentence: str, asking: bool) -> None:
    assert asks(sentence) is asking


def test_a_question_is_never_offered_but_may_be_quoted_beside_the_answer_it_opens() -> None:
    assert unfit_as_answer("Which port does the server listen on?")
    assert not unsafe_to_quote("Which port does the server listen on?")


@pytest.mark.parametrize(
    ("question", "interrogative", "asked"),
    [
        (QUESTION, "which", ["cipher"]),
        (
            "If LT_PREREQ finds libtool too old, what exit status does configure die with?",
            "what",
            ["exit", "status"],
        ),
        ("When I run a two-pass encode, what prefix do the log files get?", "what", ["prefix"]),
    ],
)
def test_the_question_asks_for_the_key_words_right_after_its_interrogative(
    question: str, interrogative: str, asked: list[str]
) -> None:
    assert asked_for(question) == (interrogative, frozenset(stem(word) for word in asked))


def test_a_question_asking_how_to_do_something_names_nothing_it_asks_for() -> None:
    assert asked_for("How do I collapse runs of one character?") is None


def test_a_sentence_asking_what_the_question_asks_is_told_from_one_that_answers() -> None:
    shape = QuestionShape.read(QUESTION)

    assert shape.asked_again_by("Nobody here knows which cipher Mutt uses for S/MIME.")
    assert shape.asked_again_by("Find out which block cipher Mutt picks, then fill in the line below.")
    assert not shape.asked_again_by("The smime_encrypt_with variable sets the cipher; it defaults to aes256.")
    assert not shape.asked_again_by(
        "Mutt, which supports S/MIME and PGP alike, encrypts with the cipher you set."
    )


def test_the_page_that_restates_the_question_loses_to_the_page_that_answers_it(tmp_path: Path) -> None:
    state, offered = offered_after_first_search(tmp_path, DOCUMENTS, QUESTION)

    assert state.source_by_label("S1") is not None
    assert "It defaults to aes256." in offered
    assert "would like to know" not in offered
    assert "Does anyone know" not in offered
