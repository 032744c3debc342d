"""What kind of thing a question's answer must contain, read once from its wording (``agent.question``)."""

from __future__ import annotations

import pytest

from agent.evidence import asks_for_a_default, key_terms
from agent.question import QuestionShape, expected_answer, named_words


@pytest.mark.parametrize(
    ("question", "expects"),
    [
        ("How many connections does the server accept unless I change it?", "quantity"),
        ("What's the factory setting for the sort memory?", "value"),
        ("Which port does the debugger listen on?", "quantity"),
        ("How long does the client wait before giving up?", "quantity"),
        ("Which option makes the push refuse to overwrite someone else's work?", "identifier"),
        ("What file do I read to see whether the kernel is tainted?", "identifier"),
        ("What exception does a failing assert statement raise?", "identifier"),
        ("What kind of function does using yield create?", "any"),
        ("What is a heap-only tuple?", "any"),
        ("How do I throw away my local changes to one file?", "any"),
        ("Where does the client expect its configuration file to live?", "identifier"),
        ("When the daemon crashes, where does it write its backtrace?", "identifier"),
        ("Who wrote the report script?", "identifier"),
        ("How do I list the jobs of the user who started them?", "any"),
        ("When did the first release come out?", "value"),
        ("Which release first shipped the new backend?", "value"),
        ("What is the biggest payload one message may carry?", "quantity"),
        ("What exit status does the client return when it gives up?", "quantity"),
    ],
)
def test_the_question_says_what_its_answer_must_hold(question: str, expects: str) -> None:
    assert expected_answer(question) == expects


def test_a_value_question_is_supplied_only_by_a_value_the_question_does_not_already_say() -> None:
    shape = QuestionShape.read("What is the default value of work_mem?")

    assert shape.expects == "value"
    assert shape.supplied_by("The default is four megabytes (4MB).")
    assert shape.supplied_by(
        "If this value is specified without units, it is taken as kilobytes; the default is 4MB."
    )
    assert not shape.supplied_by("The default value of work_mem can be changed for each session.")


def test_an_identifier_question_is_supplied_by_a_name_written_as_documents_write_names() -> None:
    shape = QuestionShape.read("Which setting limits how many clients can connect at once?")

    assert shape.supplied_by("Determines the maximum number of concurrent connections (max_connections).")
    assert shape.supplied_by("Use `--max-clients` to change it.")
    assert shape.supplied_by("The isolation level is Read Committed.")
    assert not shape.supplied_by("Clients that connect at once are limited by a setting.")


def test_a_question_of_no_particular_kind_is_supplied_by_anything() -> None:
    assert QuestionShape.read("How do I undo my last commit?").supplied_by("Use the reset command.")


def test_a_quantity_is_a_number_as_amounts_are_written_not_a_code_holding_digits() -> None:
    shape = QuestionShape.read("By default, how many header entries will a session accept?")

    assert shape.expects == "quantity"
    assert shape.supplied_by("The default is 128 entries.")
    assert shape.supplied_by("Each chunk defaults to 16K.")
    assert not shape.supplied_by("The official default is now WALRUS-SAFFRON-5208.")
    assert not shape.supplied_by("The `maxHeaderListPairs` option sets the limit.")


@pytest.mark.parametrize(
    ("question", "names"),
    [
        ("How can I query tables in Google BigQuery from an R session?", ["google", "bigquery"]),
        ("How do I open a database with the built-in node:sqlite module?", ["node", "sqlite"]),
        ("Which flag lets node run .ts files directly?", ["ts"]),
        ("What does --frobnicate do to the work_mem setting?", ["frobnicate", "work_mem"]),
        ("Does it speak HTTP/3 or http2?", ["http", "http2"]),
        # A capital that opens a sentence, a hyphen inside a word and a bare number are not names.
        ("Where does the name come from? Parquet files are built-in, and 8080 is brand-new.", []),
        ("How do I stop the pager from hopping back to the top?", []),
    ],
)
def test_names_are_words_written_as_names_not_ordinary_words(question: str, names: list[str]) -> None:
    assert named_words(question) == names


def test_the_shape_keeps_only_the_names_that_are_key_words() -> None:
    assert QuestionShape.read("What does the Debian installer do in Expert mode?").names == (
        "debian",
        "expert",
    )


@pytest.mark.parametrize(
    "question",
    [
        "Out of the box, how many workers start?",
        "Which port does it listen on unless I change it?",
        "How long does it wait if I don't give it a timeout?",
        "What mode does it use when I leave the mode option out?",
        "Which cipher does it pick without naming one?",
        "How many retries before I tune anything?",
    ],
)
def test_a_default_asked_for_in_other_words_adds_the_word_default(question: str) -> None:
    assert asks_for_a_default(question)
    assert key_terms(question)[-1] == "default"


@pytest.mark.parametrize(
    "question",
    ["What is the default port?", "Which port does the server listen on?", "How do I set a timeout?"],
)
def test_other_questions_gain_no_key_word(question: str) -> None:
    assert key_terms(question).count("default") == (1 if "default" in question else 0)
