"""The question search's top hit is quoted beside code's answer when code chose another passage (``top_hit_answer``).

Showing the question search's top hit alone was right where the agent was wrong when code's key-word ranking
picked a sentence of another passage; the top hit's best sentence is added after code's choice, cited by its own
label, with only the room left in the reply, and never makes an answer eligible.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from agent.answers import AnswerChoice, AnswerPart, Candidate, Surroundings, answer_choices
from indexer.results import SearchResults
from indexer.search import SearchTool, open_search_tool
from tests.agent.conftest import final, run_script, search
from tests.support.indexes import index_documents

TERMS = ["lava", "rock", "glow"]
CODE_BEST = Candidate("S2", "Lava is molten rock that glows.", 3.0)
TOP_HIT = Candidate("S1", "Hot lava glows red.", 2.0)
OTHER = Candidate("S3", "Rock is hard.", 1.0)


def offered(
    candidates: list[Candidate],
    top_hit: str | None = "S1",
    *,
    following: dict[str, tuple[str, ...]] | None = None,
    fits: int | None = None,
    min_key_word_share: float = 0.0,
    compound: tuple[AnswerPart, ...] = (),
) -> list[AnswerChoice]:
    after = following or {}
    return answer_choices(
        candidates,
        TERMS,
        None,
        parts=1,
        limit=1,
        min_key_word_share=min_key_word_share,
        surroundings_of=lambda c: Surroundings(after=after.get(c.sentence, ())),
        fits=None if fits is None else (lambda choice: len(choice.text) <= fits),
        quote_chars=400,
        compound=compound,
        top_hit=top_hit,
    )


def test_the_top_hits_best_sentence_follows_codes_choice_under_its_own_label() -> None:
    (choice,) = offered([CODE_BEST, TOP_HIT, OTHER])

    assert choice.text == "Lava is molten rock that glows. [S2] Hot lava glows red. [S1]"
    assert choice.citations == ("S2", "S1")


def test_nothing_is_added_when_codes_choice_is_from_the_top_hit_or_there_is_none() -> None:
    (same,) = offered([CODE_BEST, TOP_HIT], top_hit="S2")
    (unknown,) = offered([CODE_BEST, TOP_HIT], top_hit=None)
    (unmentioned,) = offered([CODE_BEST, Candidate("S1", "Nothing here.", 0.0)])

    assert same.text == unknown.text == unmentioned.text == "Lava is molten rock that glows. [S2]"


def test_a_compound_questions_parts_are_left_as_they_are() -> None:
    parts = (AnswerPart(("molten",), frozenset({"molten"})), AnswerPart(("hard",), frozenset({"hard"})))
    (choice,) = offered([CODE_BEST, TOP_HIT, OTHER], compound=parts)

    assert choice.text == "Lava is molten rock that glows. [S2] Rock is hard. [S3]"


def test_the_top_hit_never_makes_an_answer_eligible() -> None:
    """Coverage is judged on code's choice alone: a top hit naming every key word does not rescue it."""
    weak = Candidate("S2", "Basalt is common.", 0.5)
    strong = Candidate("S1", "Lava is rock that may glow.", 0.4)

    assert offered([weak, strong], min_key_word_share=0.3) == []


def test_a_top_hit_the_meaning_gate_refuses_is_not_quoted() -> None:
    """The top hit's sentence is held to the gate that code's answer passed (decision 0147): a page that only
    restates the question is what the question's own wording ranks first, and it would ride along unjudged."""
    judged: list[list[str]] = []

    def about(group: Sequence[Candidate]) -> bool:
        labels = [candidate.label for candidate in group]
        judged.append(labels)
        return labels != ["S1"]

    (choice,) = answer_choices(
        [CODE_BEST, TOP_HIT, OTHER], TERMS, None, parts=1, limit=1, top_hit="S1", about=about
    )

    assert choice.text == "Lava is molten rock that glows. [S2]"
    assert judged == [["S2"], ["S1"]]


def test_codes_nearest_sentence_comes_first_and_the_top_hit_only_gets_what_is_left() -> None:
    following = {CODE_BEST.sentence: ("It cools slowly.", "Then it sets.")}

    (roomy,) = offered([CODE_BEST, TOP_HIT], following=following)
    (shared,) = offered([CODE_BEST, TOP_HIT], following=following, fits=80)
    (tight,) = offered([CODE_BEST, TOP_HIT], following=following, fits=70)

    assert roomy.text == (
        "Lava is molten rock that glows. It cools slowly. Then it sets. [S2] Hot lava glows red. [S1]"
    )
    # Room for code's nearest sentence and the top hit (78 characters), not for code's second sentence too.
    assert shared.text == "Lava is molten rock that glows. It cools slowly. [S2] Hot lava glows red. [S1]"
    # No room for the top hit beside code's nearest sentence: code's quote widens as it would alone.
    assert tight.text == "Lava is molten rock that glows. It cools slowly. Then it sets. [S2]"


# -- in the loop ----------------------------------------------------------------------------------------------

QUESTION = "What is the name of the object written as three dots?"
DOCUMENTS = {
    "ellipsis.md": "# The singleton\n\nThere is exactly one such object, and its name is Ellipsis.\n",
    "imports.md": "# Relative imports\n\nWritten as three dots, a relative import goes up two levels.\n",
}


class RoutedTool:
    """The real tool, except that the question text finds what ``routed_query`` finds: a fixed top hit."""

    def __init__(self, inner: SearchTool, routed_query: str) -> None:
        self.inner = inner
        self.routed_query = routed_query

    def search(self, query: str, limit: int) -> SearchResults:
        return self.inner.search(self.routed_query if query == QUESTION else query, limit)


def routed_tool(tmp_path: Path) -> RoutedTool:
    return RoutedTool(open_search_tool(index_documents(tmp_path, DOCUMENTS)), "exactly one such object")


def final_offer(tmp_path: Path, **limits: object) -> str:
    replies = [
        search("written three dots"),
        final("There is not enough evidence in the documents to answer this."),
    ]
    limits.setdefault("answer_kind", False)  # with it, the sentence naming no name is never offered (below)
    state, _, model = run_script(
        replies, routed_tool(tmp_path), question=QUESTION, question_search=True, **limits
    )
    assert state.source_by_label("S1").path.endswith("ellipsis.md")  # type: ignore[union-attr]
    assert state.source_by_label("S2").path.endswith("imports.md")  # type: ignore[union-attr]
    return json.dumps(model.schemas[-1])


def test_the_loop_offers_the_question_searchs_top_hit_beside_codes_choice(tmp_path: Path) -> None:
    schema = final_offer(tmp_path)

    assert (
        "Written as three dots, a relative import goes up two levels [S2] "
        "There is exactly one such object, and its name is Ellipsis [S1]"
    ) in schema


def test_switched_off_the_loop_offers_codes_choice_alone(tmp_path: Path) -> None:
    schema = final_offer(tmp_path, top_hit_answer=False)

    assert '"enum": ["Written as three dots, a relative import goes up two levels [S2]"]' in schema


def test_reading_what_the_question_asks_for_offers_the_sentence_that_names_it(tmp_path: Path) -> None:
    """The question asks for a name; "Written as three dots, ..." names none, "... its name is Ellipsis" does."""
    schema = final_offer(tmp_path, answer_kind=True, top_hit_answer=False)

    assert "its name is Ellipsis [S1]" in schema
    assert "Written as three dots" not in schema
