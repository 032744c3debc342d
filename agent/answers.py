"""Which sentences of the sources answer the question: ranking them, and one per part of a compound question.

A 135M-parameter model copies well but picks sentences poorly, so code ranks each source's sentences and the
model only chooses among the best ones (an enum), which keeps every answer verbatim from a cited source. Raw
key-word counts favour long sentences and ones that merely restate the question (a heading, a grammar rule); the
ranking here counts each key word by its rarity in the index (the same IDF weights as the evidence rule),
prefers sentences whose key words sit close together, and discounts sentences that cannot hold an answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from agent.evidence import STOPWORDS, key_terms, mentions, question_parts, stem, word_stems

_WORD = re.compile(r"\w+")
# A grammar production ("assert_stmt ::= ...") names every key word of a question about that syntax and answers none.
GRAMMAR_MARK = "::="
# How much key words being close together counts, next to which key words a sentence mentions at all.
PROXIMITY_SHARE = 0.25
# A sentence with fewer words than this beyond the question's own words restates the question (a heading).
MIN_NEW_WORDS = 2
RESTATING_FACTOR = 0.4
GRAMMAR_FACTOR = 0.3
INTRODUCING_FACTOR = 0.7
QUESTION_FACTOR = 0.5
# Rare key words name the subject ("pass"), common ones the relation ("statement", "executed"): squaring the
# rarity weight lets one subject word outweigh two relation words.
RARITY_POWER = 2


def _matched_positions(words: Sequence[str], terms: Sequence[str]) -> dict[str, list[int]]:
    """For each key word the sentence mentions, the positions of the words that mention it."""
    positions: dict[str, list[int]] = {}
    for index, word in enumerate(words):
        word_stem = {stem(word)}
        for term in terms:
            if mentions(word_stem, term):
                positions.setdefault(term, []).append(index)
    return positions


def smallest_window(positions: Mapping[str, Sequence[int]]) -> int:
    """Words in the shortest stretch of the sentence that mentions every matched key word once."""
    events = sorted((position, term) for term, places in positions.items() for position in places)
    if not events:
        return 0
    last_seen: dict[str, int] = {}
    best = events[-1][0] - events[0][0] + 1
    for position, term in events:
        last_seen[term] = position
        if len(last_seen) == len(positions):
            best = min(best, position - min(last_seen.values()) + 1)
    return best


def _new_words(words: Sequence[str], terms: Sequence[str]) -> int:
    """Content words that are not the question's own: what a sentence can add as an answer."""
    term_stems = {stem(term) for term in terms}
    return sum(1 for word in words if word not in STOPWORDS and stem(word) not in term_stems)


def sentence_score(sentence: str, terms: Sequence[str], weights: Mapping[str, float] | None = None) -> float:
    """How well ``sentence`` answers a question with key words ``terms`` (higher is better, 0 for no match).

    The rarity-weighted share of key words mentioned, scaled up when they sit close together, and down for a
    grammar rule, a sentence that only introduces what follows ("...:"), or one that restates the question.
    """
    words = _WORD.findall(sentence.casefold())
    positions = _matched_positions(words, terms)
    if not positions:
        return 0.0
    weight = {term: (weights or {}).get(term, 1.0) for term in terms}
    found = sum(weight[term] ** RARITY_POWER for term in positions)
    compactness = len(positions) / smallest_window(positions)
    score = found * (1 - PROXIMITY_SHARE + PROXIMITY_SHARE * compactness)
    return score * _form_factor(sentence, words, terms)


def _form_factor(sentence: str, words: Sequence[str], terms: Sequence[str]) -> float:
    factor = 1.0
    if GRAMMAR_MARK in sentence:
        factor *= GRAMMAR_FACTOR
    if sentence.rstrip().endswith(":"):
        factor *= INTRODUCING_FACTOR
    if sentence.rstrip(" *_`").endswith("?"):
        factor *= QUESTION_FACTOR
    if _new_words(words, terms) < MIN_NEW_WORDS:
        factor *= RESTATING_FACTOR
    return factor


def rank_sentences(
    sentences: Sequence[str], terms: Sequence[str], weights: Mapping[str, float] | None = None
) -> list[str]:
    """``sentences`` best first; ties keep reading order (an earlier sentence usually states the rule)."""
    scored = [(sentence_score(sentence, terms, weights), index) for index, sentence in enumerate(sentences)]
    return [sentences[index] for score, index in sorted(scored, key=lambda item: (-item[0], item[1]))]


# Text a document has no business saying to a reader: our own protocol (decisions, fences, labels) or words
# addressed to the assistant. Such a sentence may match the question well - hostile documents are written to -
# so it is never offered as an answer; it stays visible, fenced, as data.
_PROTOCOL = re.compile(r'"(action|citations)"\s*:|fence\s*=|[<‹]\s*/?\s*source\b|\[S\d+\]', re.IGNORECASE)
_ADDRESSED = re.compile(
    r"\b(assistants?|system prompt|disregard|"
    r"ignore (all|any|the|previous|prior|above|earlier) \w*\s*(instructions?|rules|prompts?)|"
    r"(new|following|these|my|your|previous|prior|all) instructions?|"
    r"(to|in|into) (the|your) (answer|reply|response)|your (answer|reply|response|task))\b",
    re.IGNORECASE,
)


def _mixes_scripts(sentence: str) -> bool:
    """A word spelled with both Latin and Cyrillic or Greek letters: a homoglyph disguise, not prose."""
    for word in _WORD.findall(sentence):
        latin = any("a" <= char.casefold() <= "z" for char in word)
        other = any("\u0370" <= char <= "\u04ff" for char in word)
        if latin and other:
            return True
    return False


def unfit_as_answer(sentence: str) -> bool:
    """Protocol text, words addressed to the assistant, or homoglyph disguises: never offered as an answer."""
    return bool(_PROTOCOL.search(sentence) or _ADDRESSED.search(sentence)) or _mixes_scripts(sentence)


@dataclass(frozen=True)
class Candidate:
    """One sentence of a citable source, as a possible answer, with its :func:`sentence_score`."""

    label: str
    sentence: str
    score: float


@dataclass(frozen=True)
class AnswerChoice:
    """One answer the model may give: verbatim sentences of the cited sources, each followed by its label."""

    citations: tuple[str, ...]
    text: str


# One sentence per part, and never more than this many: an answer is a few sentences, not a reading list.
MAX_ANSWER_PARTS = 3
_CONJUNCTION = re.compile(r"\s+and\s+", re.IGNORECASE)
_INLINE_LABEL = re.compile(r"\[S\d+\]")


def compound_parts(question: str) -> int:
    """How many things the question asks for: its sub-questions, and "X and Y" pairs with key words on both sides.

    "Which special methods customize unary minus and the power operator?" asks for two; "What is the
    difference between the global and the nonlocal statement?" too.
    """
    pieces = [piece for part in question_parts(question) for piece in _CONJUNCTION.split(part)]
    return max(1, min(MAX_ANSWER_PARTS, sum(1 for piece in pieces if key_terms(piece))))


def ranked_candidates(
    sentences_by_label: Mapping[str, Sequence[str]],
    terms: Sequence[str],
    weights: Mapping[str, float] | None = None,
) -> list[Candidate]:
    """Every offered sentence of every citable source, best first; ties keep the search's order of sources."""
    candidates = [
        Candidate(label, sentence, sentence_score(sentence, terms, weights))
        for label, sentences in sentences_by_label.items()
        for sentence in sentences
    ]
    return sorted(candidates, key=lambda candidate: -candidate.score)


def _mentioned(sentence: str, terms: Sequence[str]) -> set[str]:
    stems = word_stems(sentence)
    return {term for term in terms if mentions(stems, term)}


def covering_candidates(
    candidates: Sequence[Candidate],
    terms: Sequence[str],
    weights: Mapping[str, float] | None,
    parts: int,
) -> list[Candidate]:
    """The best candidate, then - for a compound question - the ones that add the most key words not yet covered.

    Each further sentence must mention a key word the chosen ones do not (weighted by rarity, squared as in
    the ranking), so "unary minus and the power operator" gets the ``__neg__`` sentence and then the
    ``__pow__`` one, not a second sentence about unary minus.
    """
    chosen = [candidates[0]]
    covered = _mentioned(candidates[0].sentence, terms)
    weight = {term: (weights or {}).get(term, 1.0) ** RARITY_POWER for term in terms}
    while len(chosen) < parts:
        gains = [
            (sum(weight[term] for term in _mentioned(candidate.sentence, terms) - covered), candidate)
            for candidate in candidates
            if candidate.sentence not in {picked.sentence for picked in chosen}
        ]
        gain, best = max(gains, key=lambda item: (item[0], item[1].score), default=(0.0, None))
        if best is None or gain <= 0:
            break
        chosen.append(best)
        covered |= _mentioned(best.sentence, terms)
    return chosen


FollowOn = Callable[[Candidate], str | None]
ReplyFits = Callable[[AnswerChoice], bool]


def as_choice(candidates: Sequence[Candidate], follow_on: FollowOn | None = None) -> AnswerChoice:
    """Sentences cited inline, each by its own source's label; the citations list each label once.

    ``follow_on`` gives the sentence after a candidate in its passage, quoted with it (see
    :func:`answer_choices`).
    """
    text = " ".join(f"{_quoted(candidate, follow_on)} [{candidate.label}]" for candidate in candidates)
    return AnswerChoice(citations=tuple(dict.fromkeys(c.label for c in candidates)), text=text)


def quoted_choice(
    candidates: Sequence[Candidate], follow_on: FollowOn, fits: ReplyFits | None
) -> AnswerChoice:
    """``candidates`` with as many follow-ons as ``fits`` one reply, the first part's first.

    Dropping every follow-on when the whole answer is too long lost the one that answered ("Suspend the
    execution of *coroutine* ..." then "Can only be used inside a *coroutine function*"), so they are dropped
    from the last part backwards.
    """
    for kept in range(len(candidates), 0, -1):
        choice = as_choice(candidates, _first_only(candidates[:kept], follow_on))
        if fits is None or fits(choice):
            return choice
    return as_choice(candidates)


def _first_only(first: Sequence[Candidate], follow_on: FollowOn) -> FollowOn:
    """``follow_on`` for the candidates in ``first``; none for the others."""
    chosen = {id(candidate) for candidate in first}
    return lambda candidate: follow_on(candidate) if id(candidate) in chosen else None


def _quoted(candidate: Candidate, follow_on: FollowOn | None) -> str:
    following = follow_on(candidate) if follow_on is not None else None
    return f"{candidate.sentence} {following}" if following else candidate.sentence


def answer_coverage(text: str, terms: Sequence[str], weights: Mapping[str, float] | None = None) -> float:
    """The share of the question's key words, each weighted by rarity, that the answer text itself mentions."""
    weight = {term: (weights or {}).get(term, 1.0) for term in terms}
    total = sum(weight.values())
    if total <= 0:
        return 1.0
    return sum(weight[term] for term in _mentioned(text, terms)) / total


def answer_choices(
    candidates: Sequence[Candidate],
    terms: Sequence[str],
    weights: Mapping[str, float] | None,
    *,
    parts: int,
    limit: int,
    min_coverage: float = 0.0,
    follow_on: FollowOn | None = None,
    fits: ReplyFits | None = None,
) -> list[AnswerChoice]:
    """At most ``limit`` answers, code's best first: one covering sentence per part, then single runners-up.

    An answer whose own sentences mention under ``min_coverage`` of the key words (by rarity) is not offered:
    the sources together may name the key words while the best sentence says little about the question
    ("How do I install a third-party package with pip?" answered with a sentence about packages). With
    ``follow_on``, each chosen sentence is quoted with the sentence after it, since the best-ranked sentence
    often starts a thought its next sentence ends ("The from clause is used for exception chaining: ..." then
    "... attached to the raised exception as the __cause__ attribute"); ranking, coverage and the rules above
    read only the chosen sentences, so the follow-on never makes an answer eligible; ``fits`` says whether a
    quoted answer fits one reply (see :func:`quoted_choice`).
    """
    if not candidates:
        return []
    groups = [covering_candidates(candidates, terms, weights, parts)]
    for candidate in candidates[1:]:
        if len(groups) >= limit:
            break
        if as_choice([candidate]) not in [as_choice(group) for group in groups]:
            groups.append([candidate])
    return [
        quoted_choice(group, follow_on, fits) if follow_on is not None else as_choice(group)
        for group in groups
        if answer_coverage(_unlabelled(as_choice(group)), terms, weights) >= min_coverage
    ]


def _unlabelled(choice: AnswerChoice) -> str:
    """The answer's text without its inline labels, which are no evidence of anything."""
    return _INLINE_LABEL.sub("", choice.text)
