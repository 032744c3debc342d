"""Which sentences of a long passage are shown, and so may be offered as answers (``show_by_meaning``).

A passage longer than a source's share is shown by its best sentences. By wording alone these are the sentences
that repeat the question's words; the one that states the answer in the document's own words is cut, and a
sentence that is not shown is never offered. Chosen by wording and meaning together (reciprocal-rank fusion, as
answers are chosen), it is shown. A scripted embedder stands in for the sentence encoder; the index is real.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from agent.loop import Agent, final_state
from agent.meaning import MeaningReader
from agent.settings import AgentSettings
from agent.sources import OrderByMeaning, matched_sentences
from indexer.search import open_search_tool
from tests.agent.conftest import TEA_QUESTION as QUESTION
from tests.agent.conftest import FavouringEmbedder, GrammarBoundScript
from tests.support.indexes import index_documents

RECORDS = "Green tea history records the rain of every spring."
NAMES = "Green tea history names the rain of each year."
STATES = "Its leaves were first steeped in rain water."
UNRELATED = "Monks kept the steeped leaves in stone jars."
PASSAGE = " ".join([RECORDS, NAMES, STATES, UNRELATED])
# Room for the two sentences that name every key word (and so for one of them with the shorter STATES).
ROOM = len(RECORDS) + len(NAMES) + 2
WEIGHTS = {"green": 1.0, "tea": 1.0, "history": 2.0, "rain": 1.5}


def by_meaning(embedder: FavouringEmbedder) -> OrderByMeaning:
    """The loop's reordering (``MeaningReader.fused`` for the question) over a scripted embedder that finds
    sentences naming "steeped" close to the question and the rest farther."""
    return partial(MeaningReader(embedder).fused, QUESTION)


def test_by_wording_alone_the_sentences_repeating_the_question_are_shown() -> None:
    shown = matched_sentences(PASSAGE, QUESTION, ROOM, WEIGHTS)

    assert shown == f"{RECORDS} {NAMES}"


def test_with_meaning_the_sentence_stating_it_in_other_words_is_shown() -> None:
    # By words: RECORDS, NAMES (a tie kept in reading order), STATES; by meaning STATES first. Fused, STATES
    # (3rd, 1st) passes NAMES (2nd, 3rd).
    shown = matched_sentences(
        PASSAGE, QUESTION, ROOM, WEIGHTS, by_meaning=by_meaning(FavouringEmbedder("steeped"))
    )

    assert shown == f"{RECORDS} {STATES}"


def test_a_sentence_without_any_key_word_is_neither_embedded_nor_lifted() -> None:
    embedder = FavouringEmbedder("steeped")

    shown = matched_sentences(PASSAGE, QUESTION, ROOM, WEIGHTS, by_meaning=by_meaning(embedder))

    assert STATES in embedder.embedded
    assert UNRELATED not in embedder.embedded and UNRELATED not in shown


def test_when_every_sentence_with_a_key_word_fits_nothing_is_embedded() -> None:
    # Room for all but UNRELATED: RECORDS, NAMES and STATES are shown in any order they are taken in.
    embedder = FavouringEmbedder("steeped")

    shown = matched_sentences(PASSAGE, QUESTION, len(PASSAGE) - 1, WEIGHTS, by_meaning=by_meaning(embedder))

    assert shown == f"{RECORDS} {NAMES} {STATES}"
    assert embedder.embedded == []


def test_a_passage_that_fits_is_shown_whole_without_embedding_anything() -> None:
    embedder = FavouringEmbedder("steeped")

    assert (
        matched_sentences(PASSAGE, QUESTION, len(PASSAGE), WEIGHTS, by_meaning=by_meaning(embedder))
        == PASSAGE
    )
    assert embedder.embedded == []


def shown_to_the_model(tmp_path: Path, **settings: object) -> str:
    """The text of the question search's observation: the sources as the model is shown them."""
    tool = open_search_tool(index_documents(tmp_path, {"tea.md": f"# Almanac\n\n{PASSAGE}\n"}))
    agent_settings = AgentSettings.model_validate(
        {"question_search": True, "decisions": "choices", "source_chars": ROOM, **settings}
    )
    agent = Agent(
        model=GrammarBoundScript([]),
        tool=tool,
        settings=agent_settings,
        embedder=FavouringEmbedder("steeped"),
    )
    state = final_state(agent.run(QUESTION))
    observations = [step.content for step in state.steps if step.kind == "observation"]
    return observations[0].text


def test_the_agent_shows_the_sentence_meaning_brings_into_view(tmp_path: Path) -> None:
    shown = shown_to_the_model(tmp_path)

    assert STATES in shown and NAMES not in shown


def test_with_show_by_meaning_off_the_agent_shows_by_wording_alone(tmp_path: Path) -> None:
    shown = shown_to_the_model(tmp_path, show_by_meaning=False)

    assert NAMES in shown and STATES not in shown


def test_with_answers_ranked_by_words_the_shown_sentences_are_chosen_by_words_too(tmp_path: Path) -> None:
    """Which sentences are shown decides which may be offered, so it is part of choosing the answer by meaning."""
    shown = shown_to_the_model(tmp_path, rank_answers_by_meaning=False)

    assert NAMES in shown and STATES not in shown
