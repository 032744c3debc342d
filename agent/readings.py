"""When the sources answer the question differently for different readings of it, ask which one is meant.

"What is the default buffer size?" has one answer per kind of buffer; the sources found then hold several
documented answers, one per document or program, each as good a match as the others. Picking the best-ranked
one answers a question the user may not have asked, so code stops and asks, naming the readings it found.

Only for a one-part question that asks for a value (``agent.question``): values can be told apart by what they
state, while names are everywhere in technical prose (two documents' best sentences always name different
things). Readings compete when the best answer sentence of each of two or more places scores close to the best
overall and mentions the same key words of the question - it is about the same thing - and no two of them state a
common value. A place is a passage, not a document: one manual page documents several timeouts (decision 0166).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from pathlib import PurePath

from agent.answers import Candidate
from agent.question import QuestionShape
from agent.state import Source

# A document's best answer counts as a reading of the question when it scores at least this share of the best.
READING_SCORE_SHARE = 0.85
MAX_READINGS = 3
# Words of a passage quoted to tell apart two places of one file that no heading or page names.
OPENING_WORDS = 8


@dataclass(frozen=True)
class Reading:
    """One document's answer to one reading of the question: where it is and what it states."""

    source: Source
    answers: frozenset[str]


def competing_readings(
    candidates: Sequence[Candidate],
    sources: Mapping[str, Source],
    shape: QuestionShape,
    window: Callable[[Candidate], str],
    about: Callable[[str], AbstractSet[str]],
) -> list[Reading]:
    """Two or more readings whose answers differ, or none when the question reads one way (best first).

    ``window`` is a candidate's answer window (it and the sentence on each side); ``about`` the question's key words a
    sentence mentions."""
    if shape.expects not in ("value", "quantity") or not candidates or candidates[0].score <= 0:
        return []
    subject = about(candidates[0].sentence)
    readings: list[Reading] = []
    places: set[str] = set()
    for candidate in candidates:
        source = sources.get(candidate.label)
        if source is None or source.passage_id in places:
            continue
        if candidate.score < READING_SCORE_SHARE * candidates[0].score:
            break
        places.add(source.passage_id)
        if about(candidate.sentence) != subject:
            continue
        answers = frozenset(shape.values_in(window(candidate)))
        if answers:
            readings.append(Reading(source, answers))
    if len(readings) < 2 or _share_an_answer(readings[:MAX_READINGS]):
        return []
    return readings[:MAX_READINGS]


def _share_an_answer(readings: Sequence[Reading]) -> bool:
    return any(
        first.answers & second.answers
        for index, first in enumerate(readings)
        for second in readings[index + 1 :]
    )


def clarifying_question(readings: Sequence[Reading]) -> str:
    """Which one is meant, naming each reading by its document and what it states there."""
    names = place_names([reading.source for reading in readings])
    described = "; ".join(
        f"[{reading.source.label}] {name} gives " + ", ".join(sorted(reading.answers)[:3])
        for reading, name in zip(readings, names, strict=True)
    )
    return f"The documents answer this differently depending on what is meant: {described}. Which one do you mean?"


def places_to_choose_from(sources: Sequence[Source]) -> list[Source]:
    """Each passage once, in the order found, at most ``MAX_READINGS``: the places a question that names too
    little may be about. A place is a passage, not a document: a one-file manual documents many things."""
    chosen: list[Source] = []
    passages: set[str] = set()
    for source in sources:
        if source.passage_id not in passages:
            passages.add(source.passage_id)
            chosen.append(source)
    return chosen[:MAX_READINGS]


def which_place_question(places: Sequence[Source]) -> str:
    """Ask which place is meant, naming each place found (:func:`place_names`)."""
    names = place_names(places)
    described = "; ".join(f"[{source.label}] {name}" for source, name in zip(places, names, strict=True))
    return (
        "The question's words are common in these documents and single out no one place in them, so an answer "
        f"from one place may not be the one meant. The search found: {described}. Which one do you mean?"
    )


def place_names(places: Sequence[Source]) -> list[str]:
    """Each place named by its title and heading and, where two places would read alike, also by its file's name
    and page: a folder holding a guide as PDF and as plain text has two places titled "Guide for Debian
    Maintainers" with no heading, and the user must be able to tell which is which."""
    names = [f"{place.title}{_under(place.heading, place.title)}" for place in places]
    files = _short_paths([place.path for place in places])
    named = [
        f"{name}, in {file}{f', page {place.page}' if place.page else ''}" if names.count(name) > 1 else name
        for name, file, place in zip(names, files, places, strict=True)
    ]
    return [
        f'{name}: "{_opening(place.snippet)}"' if named.count(name) > 1 else name
        for name, place in zip(named, places, strict=True)
    ]


def _opening(text: str) -> str:
    """The first words of a passage's shown text: what tells apart two places of one file without headings."""
    opening = text.split()
    return " ".join(opening[:OPENING_WORDS]) + (" ..." if len(opening) > OPENING_WORDS else "")


def _short_paths(paths: Sequence[str]) -> list[str]:
    """Each path by its file name, with as many of its folders as it takes to tell different paths apart
    (``8.4/drbd.conf.5.txt`` and ``9.0/drbd.conf.5.txt``)."""
    parts = [PurePath(path).parts for path in paths]
    depth = 1
    different = len(set(parts))
    while depth < max((len(p) for p in parts), default=1) and len({p[-depth:] for p in parts}) < different:
        depth += 1
    return [str(PurePath(*p[-depth:])) if p else "" for p in parts]


def _under(heading: str, title: str) -> str:
    """The heading a passage sits under, in brackets, unless it only repeats the document's title."""
    return f" ({heading})" if heading and heading != title else ""
