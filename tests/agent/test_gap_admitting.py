"""A page that says its answer is missing restates the question (decision 0121).

Tickets, drafts, to-do lists and notes pages name the user's question in its own words and then say the answer
is not there: "TODO: fill in the file location", "value still unknown", "I couldn't find it". Such a page is
about the question but cannot answer it, so none of its sentences is offered - the number beside the gap (a
ticket's) is what an answer drawn from it would quote as the value asked for.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.fitness import admits_a_gap, poses_an_open_question
from tests.agent.conftest import offered_after_first_search

QUESTION = "How many times does the frobnicator retry a failed upload before it gives up?"
DOCUMENTS = {
    "notes.md": "# Frobnicator notes\n\nThe frobnicator retries a failed upload before it gives up. The number of "
    "times it retries a failed upload is still unknown, tracked in ticket 4242 of the upload tracker.\n",
    "manual.md": "# Upload settings\n\nThe upload_attempts setting bounds the work. A failed upload is retried "
    "5 times, after which the frobnicator reports the error.\n",
}


@pytest.mark.parametrize(
    "sentence",
    [
        "TODO(PUMICE-TRELLIS-6403): fill in the file location.",
        "Examples: | LIMIT | | ???",
        "Answer pending review by the library maintainers.",
        "Shot 4 is the point of the segment and we still don't know the option's name.",
        "I couldn't find it on the box I'm on.",
        "The flags are redacted in this export.",
        "The default is {{citation needed}}.",
    ],
)
def test_a_sentence_saying_the_answer_is_missing_admits_a_gap(sentence: str) -> None:
    assert admits_a_gap(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "A failed upload is retried 5 times.",
        "The STATUS column reads todo or done.",
        "playlist Playlist to read (BDMV/PLAYLIST/?????.mpls)",
        "If the value is unknown, zero is used.",
        "The program does not know the file count before it reaches the end.",
        "If you want to know the job ID, select option 2.",
    ],
)
def test_a_manual_stating_what_it_knows_admits_no_gap(sentence: str) -> None:
    assert not admits_a_gap(sentence)


def test_the_page_that_admits_its_answer_is_missing_offers_nothing(tmp_path: Path) -> None:
    state, offered = offered_after_first_search(tmp_path, DOCUMENTS, QUESTION)

    assert state.source_by_label("S1") is not None
    assert "retried 5 times" in offered
    assert "ticket 4242" not in offered


def test_a_passage_that_asks_and_admits_a_gap_is_an_open_question() -> None:
    """Decision 0137: an open question offers no answer whichever question it is read for."""
    thread = [
        "When the link checker hits a flaky server, how many tries does it give a URL?",
        "Thread archived for the weekly digest of unanswered questions under QUIVER-BRACKEN-6053.",
    ]

    assert poses_an_open_question(thread)
    assert not poses_an_open_question(["How many tries does it give a URL?", "It gives each URL 3 tries."])
    assert not poses_an_open_question(["The value is still unknown at that point.", "It is set later."])
    quantifiers = [
        "Non-greedy quantifiers match as little as they can: *?",
        "+?",
        "?? matches 0 or 1, preferring 0.",
    ]
    assert not poses_an_open_question(quantifiers)  # operators, not a question (decision 0141)


OTHER_QUESTION = "How long does the frobnicator wait between two upload attempts?"
THREAD = {
    "thread.md": "# Forum thread 88\n\nWhere does the queue live on disk? Unanswered so far. The frobnicator "
    "waits between two upload attempts for as long as desk TAPIR-GARNET-5150 says, 2 shifts.\n",
    "manual.md": "# Download settings\n\nThe frobnicator keeps downloads in the spool folder until they are read.\n",
}


def test_an_open_question_about_something_else_offers_nothing(tmp_path: Path) -> None:
    """The thread's question and its gap name none of the user's key words (0106's share is not reached), yet the
    thread offers nothing: without the rule its sentence about upload attempts was the answer, desk code and all."""
    state, offered = offered_after_first_search(tmp_path, THREAD, OTHER_QUESTION)

    assert state.source_by_label("S1") is not None
    assert "TAPIR-GARNET-5150" not in offered
    assert "not enough evidence" in offered
