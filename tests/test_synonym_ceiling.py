"""bench/synonym_ceiling.py reads WordNet's database files itself: senses in order, base forms, synonyms."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.bench import bench_module

LICENCE = "  1 This software and database is being provided to you, the LICENSEE, by Princeton University\n"


def _database(folder: Path, pos: str, synsets: list[list[str]], index: dict[str, list[int]]) -> None:
    """A data.POS of ``synsets`` (lemma lists) at real byte offsets, and an index.POS naming, per lemma, its
    synsets by position in ``synsets`` (most frequent sense first)."""
    data = LICENCE
    offsets = []
    for lemmas in synsets:
        offsets.append(len(data.encode()))
        words = " ".join(f"{lemma} 0" for lemma in lemmas)
        data += f"{offsets[-1]:08d} 00 {pos[0]} {len(lemmas):02x} {words} 000 | a gloss\n"
    (folder / f"data.{pos}").write_text(data, encoding="utf-8")
    lines = [
        f"{lemma} {pos[0]} {len(senses)} 0 {len(senses)} 0 " + " ".join(f"{offsets[s]:08d}" for s in senses)
        for lemma, senses in sorted(index.items())
    ]
    (folder / f"index.{pos}").write_text(LICENCE + "\n".join(lines) + "\n", encoding="utf-8")
    (folder / f"{pos}.exc").write_text("", encoding="utf-8")


@pytest.fixture
def wordnet(tmp_path: Path) -> Any:
    _database(
        tmp_path,
        "verb",
        [["tolerate", "stand", "bear"], ["digest", "tolerate"], ["hang_on", "retain", "keep"]],
        {"tolerate": [0, 1], "stand": [0], "bear": [0], "digest": [1], "retain": [2], "keep": [2]},
    )
    _database(tmp_path, "noun", [["default", "nonpayment"]], {"default": [0], "nonpayment": [0]})
    for pos in ("adj", "adv"):
        _database(tmp_path, pos, [], {})
    (tmp_path / "verb.exc").write_text("kept keep\n", encoding="utf-8")
    return bench_module("synonym_ceiling").WordNet(tmp_path)


def test_synonyms_of_the_most_frequent_sense_or_of_every_sense(wordnet: Any) -> None:
    assert wordnet.synonyms("tolerate", first_sense_only=True) == ["stand", "bear"]
    every = wordnet.synonyms("tolerate", first_sense_only=False)

    assert every == ["stand", "bear", "digest"]


def test_inflected_words_are_read_by_their_base_form_and_collocations_left_out(wordnet: Any) -> None:
    assert wordnet.synonyms("tolerates", first_sense_only=True) == ["stand", "bear"]
    # "kept" by WordNet's exception list; "hang_on" is a collocation, never a single query word.
    assert wordnet.synonyms("kept", first_sense_only=True) == ["retain"]


class _Index:
    """What expanded_question asks of the search tool: the query's words and which of them passages hold."""

    def __init__(self) -> None:
        self.held = {"stand": 0.01, "default": 0.2, "seconds": 0.1}

    def query_terms(self, text: str) -> list[str]:
        return text.lower().replace("?", "").split()

    def passage_share(self, word: str) -> float:
        return self.held.get(word, 0.0)


def test_only_words_no_passage_holds_are_expanded_and_only_by_words_passages_hold(wordnet: Any) -> None:
    expand = bench_module("synonym_ceiling").expanded_question
    question = "Will it tolerate a default of seconds?"

    # "tolerate" is in no passage: its synonyms the index holds ("stand", not "bear") are added; "default" is
    # held, so its synonym "nonpayment" is never added.
    assert expand(_Index(), wordnet, question, True) == question + " stand"
