"""Which sentences of the sources answer the question: ranking them, and one per part of a compound question.

A 135M-parameter model copies well but picks sentences poorly, so code ranks each source's sentences and the
model only chooses among the best ones (an enum), which keeps every answer verbatim from a cited source. Raw
key-word counts favour long sentences and ones that merely restate the question (a heading, a grammar rule); the
ranking here counts each key word by its rarity in the index (the same IDF weights as the evidence rule),
and discounts sentences that cannot hold an answer.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from agent.evidence import STOPWORDS, key_terms, mentioned_terms, question_parts, stem, stem_mentions
from agent.fitness import code_like
from agent.question import QuestionShape
from agent.words import CITED_LABEL, folded_words

# A grammar production ("assert_stmt ::= ...") names every key word of a question about that syntax and answers none.
GRAMMAR_MARK = "::="
# A sentence with fewer words than this beyond the question's own words restates the question (a heading).
MIN_NEW_WORDS = 2
# How much a key word counts for a sentence when only its document's title or heading names it.
CONTEXT_SHARE = 0.5
# Rare key words name the subject ("pass"), common ones the relation ("statement", "executed"): squaring the
# rarity weight lets one subject word outweigh two relation words.
RARITY_POWER = 2
# Widening steps code's chosen sentences take before an extra part (the top hit's sentence) may join: the nearest
# sentence - the one that most often ends the thought or names the "it" - stays code's first.
EXTRA_AFTER_LEVELS = 1


def _matched_positions(words: Sequence[str], terms: Sequence[str]) -> dict[str, list[int]]:
    """For each key word the sentence mentions, the positions of the words that mention it."""
    positions: dict[str, list[int]] = {}
    wanted = [(term, stem(term)) for term in terms]
    for index, word in enumerate(words):
        word_stem = stem(word)
        for term, term_stem in wanted:
            if stem_mentions(word_stem, term_stem) or names_in_code(word, term):
                positions.setdefault(term, []).append(index)
    return positions


# Shortest part of a code name that may stand for a word it abbreviates ("pow" for "power").
MIN_CODE_PART = 3


@lru_cache(maxsize=65536)
def names_in_code(word: str, term: str) -> bool:
    """Whether a code name with underscores names ``term`` in part: ``__lshift__`` "shift", ``__pow__`` "power".

    Documentation names an operation in prose ("the power operator") and its hook in code (``__pow__``), so a
    sentence naming the hook answers a question in prose words; plain word matching never sees it. Only for
    ranking sentences: the evidence and eligibility rules still count plain mentions.
    """
    if "_" not in word.strip("_"):
        parts = [word.strip("_")] if word.startswith("_") else []
    else:
        parts = [part for part in word.split("_") if part]
    wanted = term.strip("_")
    return any(
        len(part) >= MIN_CODE_PART
        and len(wanted) >= MIN_CODE_PART
        and part != wanted
        and (wanted.startswith(part) or (len(wanted) >= 4 and wanted in part))
        for part in parts
    )


def _new_words(words: Sequence[str], terms: Sequence[str]) -> int:
    """Content words that are not the question's own: what a sentence can add as an answer."""
    term_stems = {stem(term) for term in terms}
    return sum(1 for word in words if word not in STOPWORDS and stem(word) not in term_stems)


def sentence_features(
    sentence: str,
    terms: Sequence[str],
    weights: Mapping[str, float] | None = None,
    context: frozenset[str] = frozenset(),
    *,
    supplied: bool = True,
) -> dict[str, float] | None:
    """What :func:`sentence_score` weighs of ``sentence`` as an answer to a question with key words ``terms``,
    by the names of :data:`SENTENCE_WEIGHTS` (None when it mentions no key word: it cannot answer).

    Key words in ``context`` (those the sentence's document title or heading names) that the sentence itself
    does not mention count at CONTEXT_SHARE (see :func:`ranked_candidates`). ``supplied``: its answer window
    holds the kind of thing the question asks for.
    """
    words = folded_words(sentence)
    positions = _matched_positions(words, terms)
    if not positions:
        return None
    weight = {term: (weights or {}).get(term, 1.0) for term in terms}
    found = sum(weight[term] ** RARITY_POWER for term in positions)
    found += CONTEXT_SHARE * sum(weight[term] ** RARITY_POWER for term in context - positions.keys())
    if found <= 0:  # only key words every passage holds: they say nothing of this sentence
        return None
    features = {
        "key words found": math.log(found),
        "share of the key words": len(positions) / len(terms),
        "key words among its words": sum(map(len, positions.values())) / len(words),
        "states a number": float(bool(_DIGIT.search(sentence))),
        "lacks what is asked": float(not supplied),
    }
    for name, applies in FORM_TESTS:
        features[name] = float(applies(sentence, words, terms))
    return features


def sentence_score(
    sentence: str,
    terms: Sequence[str],
    weights: Mapping[str, float] | None = None,
    context: frozenset[str] = frozenset(),
    *,
    supplied: bool = True,
) -> float:
    """How well ``sentence`` answers a question with key words ``terms`` (higher is better, 0 for no match):
    the exponential of its :func:`sentence_features` weighed by :data:`SENTENCE_WEIGHTS`."""
    features = sentence_features(sentence, terms, weights, context, supplied=supplied)
    if features is None:
        return 0.0
    score = math.exp(sum(SENTENCE_WEIGHTS[name] * value for name, value in features.items()))
    # Rounded to SCORE_DIGITS, so sentences the table weighs alike tie (and keep reading order) whatever the
    # rounding of the logarithms: 2.5 and 2.5000000000000004 are the same score.
    return float(f"{score:.{SCORE_DIGITS}g}")


SentenceTest = Callable[[str, Sequence[str], Sequence[str]], bool]
"""A test of one sentence, given its case-folded words and the question's key words."""


def _introduces(sentence: str, words: Sequence[str], terms: Sequence[str]) -> bool:
    """ "...as follows:" leads to the answer instead of giving it."""
    return sentence.rstrip().endswith(":")


def _restates(sentence: str, words: Sequence[str], terms: Sequence[str]) -> bool:
    """Fewer than MIN_NEW_WORDS content words beyond the question's own: a heading, a restatement."""
    return _new_words(words, terms) < MIN_NEW_WORDS


def _is_code(sentence: str, words: Sequence[str], terms: Sequence[str]) -> bool:
    """A line of code names the question's words in identifiers and states nothing about them (it is never offered
    as the answer itself, see agent.fitness, but may be quoted beside the prose that explains it)."""
    return code_like(sentence)


# What makes a sentence a poorer answer than its key words say: each a named test, weighed in SENTENCE_WEIGHTS.
# A grammar production, a sentence that asks a question, and hearsay or hedging were tests too, until the
# blind suites of sets D-J did not reward them (decision 0095).
FORM_TESTS: tuple[tuple[str, SentenceTest], ...] = (
    ("introduces what follows", _introduces),
    ("restates the question", _restates),
    ("code", _is_code),
)

_DIGIT = re.compile(r"\d")

# The one table of weights of the answer ranking: a sentence's score is exp(sum of weight x feature) over the
# features of sentence_features, and a candidate's is that times its passage's relevance (agent.sources) to the
# power PASSAGE_RELEVANCE. The weights are the hand-set factors of the earlier decisions, as logarithms: the
# rarity-weighted key words found, scaled by a factor for each form that makes a sentence a poorer answer. (How
# close together the key words sit counted too until the blind suites of session 7 did not reward it: decision
# 0089; a document's opening sentence counted 1.3 times for a "What is X?" question until decision 0095.) A
# sentence whose answer window (it and the sentence on each side) holds nothing of the kind
# the question asks for - a value for "how many" or "what default", a name for "which option" - beyond the
# question's own words talks about the subject without answering (agent.question): 0.4 times.
# bench/fit_answer_weights.py fits this table on suites and tests each fit on a suite left out; a table fitted on
# the 20 suites of sessions 1-6 ranked better on them (157 against 138 of 439 left out) but answered no more clear
# questions on the blind suites of session 7, so these stay (decision 0088).
SENTENCE_WEIGHTS: Mapping[str, float] = {
    "key words found": 1.0,
    "share of the key words": 0.0,
    "key words among its words": 0.0,
    "states a number": 0.0,
    "lacks what is asked": math.log(0.4),
    "introduces what follows": math.log(0.7),
    "restates the question": math.log(0.4),
    "code": math.log(0.3),
}
SCORE_DIGITS = 12
# How much a passage's relevance to its search counts for its sentences as answers (see ranked_candidates).
PASSAGE_RELEVANCE = 1.0


def rank_sentences(
    sentences: Sequence[str],
    terms: Sequence[str],
    weights: Mapping[str, float] | None = None,
    supplied: Callable[[str], bool] | None = None,
) -> list[str]:
    """``sentences`` best first; ties keep reading order (an earlier sentence usually states the rule).
    ``supplied`` says whether a sentence's answer window holds the kind of thing the question asks for."""
    scored = [
        (
            sentence_score(
                sentence,
                terms,
                weights,
                supplied=supplied(sentence) if supplied else True,
            ),
            index,
        )
        for index, sentence in enumerate(sentences)
    ]
    return [sentences[index] for score, index in sorted(scored, key=lambda item: (-item[0], item[1]))]


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


def compound_parts(question: str) -> int:
    """How many things the question asks for: its sub-questions ("What is X, and what does Y default to?").

    Nouns joined by "and" inside one sub-question are not parts: "Why don't readers and writers block each
    other?" asks one thing (decision 0080: reading them as parts misread 26 one-part questions of 302).
    """
    return max(1, min(MAX_ANSWER_PARTS, len(question_parts(question))))


@dataclass(frozen=True)
class AnswerPart:
    """One part of a compound question: the key words its answer is ranked by, and those only it has."""

    terms: tuple[str, ...]
    own: frozenset[str]
    text: str = ""
    """The sub-question itself: what kind of thing its answer must hold is read from it."""


def answer_parts(question: str) -> list[AnswerPart]:
    """The parts of a compound question, each with its own key words; empty for a question with one part.

    A part's own key words are those no other part has; it is ranked by every key word but the other parts'
    own ones, so a sentence about the other part does not win this one.
    """
    clauses = question_parts(question)
    words = [set(key_terms(clause)) for clause in clauses]
    if len(words) < 2:
        return []
    own = [mine - set().union(*(other for other in words if other is not mine)) for mine in words]
    terms = key_terms(question)
    parts = []
    for mine, clause in zip(own, clauses, strict=True):
        others = set().union(*(theirs for theirs in own if theirs is not mine))
        parts.append(AnswerPart(tuple(term for term in terms if term not in others), frozenset(mine), clause))
    return [part for part in parts if part.own][:MAX_ANSWER_PARTS]


def per_part_candidates(
    candidates: Sequence[Candidate],
    parts: Sequence[AnswerPart],
    weights: Mapping[str, float] | None,
    window: Callable[[Candidate], str] | None = None,
) -> list[Candidate]:
    """One sentence per part of a compound question, each the best by that part's key words among the
    sentences that mention one of the part's own (:func:`answer_parts`); a part with none gets none.

    With ``window`` (a candidate's answer window: it and the sentence on each side), each part is read as a question of
    its own (:class:`agent.question.QuestionShape`): a sentence whose window holds nothing of the kind that part
    asks for ranks lower, as for a one-part question. Ranking parts by their key words alone answered "how
    many workers start by default?" with the sentence that names workers and no number (14 seen suites,
    model-free: 18 -> 20 of 97 two-part questions answered in full, decision 0085).

    Choosing the best sentence for the whole question first, then what adds missing words, answered "unary
    minus and the power operator" with a sentence naming both that says nothing of either's special method.
    """
    chosen: list[Candidate] = []
    for part in parts:
        fitting = [c for c in candidates if c not in chosen and _about_part(c.sentence, part.own)]
        supplied = _part_supplied(part, window)
        scored = [
            (sentence_score(c.sentence, part.terms, weights, supplied=supplied(c)), -index, c)
            for index, c in enumerate(fitting)
        ]
        if scored:
            chosen.append(max(scored, key=lambda item: (item[0], item[1]))[2])
    return chosen


def _part_supplied(
    part: AnswerPart, window: Callable[[Candidate], str] | None
) -> Callable[[Candidate], bool]:
    """Whether a candidate's answer window holds what ``part``, read as a question of its own, asks for."""
    if window is None or not part.text:
        return lambda _candidate: True
    shape = QuestionShape.read(part.text)
    return lambda candidate: shape.supplied_by(window(candidate))


def _about_part(sentence: str, own: frozenset[str]) -> bool:
    """The sentence mentions one of the part's own key words (code names count: ``__pow__`` for "power")."""
    return bool(_matched_positions(folded_words(sentence), sorted(own)))


def ranked_candidates(
    sentences_by_label: Mapping[str, Sequence[str]],
    terms: Sequence[str],
    weights: Mapping[str, float] | None = None,
    context_by_label: Mapping[str, str] | None = None,
    supplied: Callable[[str, str], bool] | None = None,
    relevance: Mapping[str, float] | None = None,
) -> list[Candidate]:
    """Every offered sentence of every citable source, best first; ties keep the search's order of sources.

    A sentence is read in its document: the key words its source's title and heading path name
    (``context_by_label``) count for it in part. "Linux can use a remote server as one of its block devices",
    under the title "Network Block Device", answers "What is the network block device driver used for?"; a
    sentence naming "block" and "drivers" under "Using the RAM disk block device" does not. ``supplied(label,
    sentence)`` whether the sentence's answer window holds what the question asks for; ``relevance[label]``
    scales a source's sentences by how well its passage as a whole matched its search (see
    :meth:`agent.sources.SourceLedger.in_reading_order`).
    """
    context = {
        label: frozenset(mentioned_terms(text, terms)) for label, text in (context_by_label or {}).items()
    }
    candidates = [
        Candidate(
            label,
            sentence,
            sentence_score(
                sentence,
                terms,
                weights,
                context.get(label, frozenset()),
                supplied=supplied(label, sentence) if supplied else True,
            )
            * (relevance or {}).get(label, 1.0) ** PASSAGE_RELEVANCE,
        )
        for label, sentences in sentences_by_label.items()
        for sentence in sentences
    ]
    return sorted(candidates, key=lambda candidate: -candidate.score)


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
    covered = mentioned_terms(candidates[0].sentence, terms)
    weight = {term: (weights or {}).get(term, 1.0) ** RARITY_POWER for term in terms}
    while len(chosen) < parts:
        gains = [
            (sum(weight[term] for term in mentioned_terms(candidate.sentence, terms) - covered), candidate)
            for candidate in candidates
            if candidate.sentence not in {picked.sentence for picked in chosen}
        ]
        gain, best = max(gains, key=lambda item: (item[0], item[1].score), default=(0.0, None))
        if best is None or gain <= 0:
            break
        chosen.append(best)
        covered |= mentioned_terms(best.sentence, terms)
    return chosen


@dataclass(frozen=True)
class Surroundings:
    """The sentences around an answer sentence in its passage, nearest first, each fit to quote."""

    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    whole: str | None = None
    """The sentence itself uncut, when the offered one was cut to length (it is never widened while cut)."""


SurroundingsOf = Callable[[Candidate], Surroundings]
ReplyFits = Callable[[AnswerChoice], bool]
# A sentence opening with one of these names its subject in the sentence before ("It terminates the nearest
# enclosing loop" after '"break" may only occur ...'), so that one is quoted first.
_REFERRING_OPENING = re.compile(
    r"^\W*(it|its|they|their|this|these|that|those|such|both|the latter)\b", re.IGNORECASE
)


def as_choice(candidates: Sequence[Candidate], quotes: Sequence[str] | None = None) -> AnswerChoice:
    """Sentences cited inline, each by its own source's label; the citations list each label once.

    ``quotes`` replaces each candidate's sentence by its quoted passage window (see :func:`quoted_choice`).
    """
    texts = quotes if quotes is not None else [candidate.sentence for candidate in candidates]
    text = " ".join(
        f"{quote} [{candidate.label}]" for quote, candidate in zip(texts, candidates, strict=True)
    )
    return AnswerChoice(citations=tuple(dict.fromkeys(c.label for c in candidates)), text=text)


@dataclass
class _Window:
    """How far one answer sentence's quote reaches into its passage: sentences taken before and after it."""

    sentence: str
    around: Surroundings
    before: int = 0
    after: int = 0
    whole: int = 0

    def text(self) -> str:
        middle = self.around.whole if self.whole and self.around.whole else self.sentence
        taken = [*reversed(self.around.before[: self.before]), middle, *self.around.after[: self.after]]
        return " ".join(taken)

    def sides(self) -> list[str]:
        """The order to widen in: a cut sentence's whole text first (a cut one is never widened further); then
        the next sentence (it often ends the thought), unless this one opens by referring back, and the nearest
        on the other side; then that first side as far as it goes before the other reaches further: past the
        nearest sentence, what follows continues the thought and what lies back is more often another entry
        (decision 0111; 0133: alternating sides instead, 105 blind suites 2,488 -> 2,486 right outcomes)."""
        first, second = (
            ("before", "after") if _REFERRING_OPENING.match(self.sentence) else ("after", "before")
        )
        reach = {"before": len(self.around.before), "after": len(self.around.after)}
        order = ["whole"] if self.around.whole else []
        order.extend(side for side in (first, second) if reach[side])
        for side in (first, second):
            order.extend([side] * max(0, reach[side] - 1))
        return order


def quoted_choice(
    candidates: Sequence[Candidate],
    surroundings_of: SurroundingsOf,
    fits: ReplyFits | None,
    max_chars: int,
    extra: Sequence[Candidate] = (),
) -> AnswerChoice:
    """``candidates``, each quoted with the sentences around it, as far as ``fits`` one reply.

    Each part's quote widens one sentence at a time, parts taking turns (the first part first), while it stays
    within ``max_chars`` (the chosen sentence itself is never cut) and the whole answer fits; a side that
    cannot widen is closed. A single best sentence is often half an answer - it starts a thought the next
    sentence ends, or names its subject with "it" - and the top search hit's whole fragment answered more
    questions than code's best sentence alone did. ``extra`` parts come last and only with what is left: they
    are added when they fit beside the quotes already widened, and never narrow those.
    """
    windows = [_Window(candidate.sentence, surroundings_of(candidate)) for candidate in candidates]
    if not extra:
        _widen_windows(windows, candidates, fits, max_chars)
        return as_choice(candidates, [window.text() for window in windows])
    _widen_windows(windows, candidates, fits, max_chars, levels=EXTRA_AFTER_LEVELS)
    every = [*candidates, *extra]
    more = [*windows, *(_Window(candidate.sentence, surroundings_of(candidate)) for candidate in extra)]
    if fits is None or fits(as_choice(every, [window.text() for window in more])):
        _widen_windows(more, every, fits, max_chars)
        return as_choice(every, [window.text() for window in more])
    _widen_windows(windows, candidates, fits, max_chars)
    return as_choice(candidates, [window.text() for window in windows])


def _widen_windows(
    windows: list[_Window],
    candidates: Sequence[Candidate],
    fits: ReplyFits | None,
    max_chars: int,
    levels: int | None = None,
) -> None:
    """Widen the windows in turns, one sentence at a time, as far as each side goes (or ``levels`` steps)."""
    plans = [window.sides() for window in windows]
    closed: list[set[str]] = [set() for _ in windows]
    for level in range(max((len(plan) for plan in plans), default=0)):
        if levels is not None and level >= levels:
            break
        for index, plan in enumerate(plans):
            if windows[index].around.whole and not windows[index].whole and level > 0:
                continue  # still cut: its end was lost, so it is not continued
            if (
                level < len(plan)
                and plan[level] not in closed[index]
                and _untaken(windows[index], plan, level)
            ):
                limit = max_chars if level else None  # the nearest sentence is tried whatever its length
                _widen(windows, index, plan[level], closed[index], candidates, fits, limit)


def _untaken(window: _Window, plan: Sequence[str], level: int) -> bool:
    """Whether step ``level`` of the window's plan is still to take (a second pass skips those taken)."""
    taken = {"before": window.before, "after": window.after, "whole": window.whole}
    return sum(1 for side in plan[: level + 1] if side == plan[level]) > taken[plan[level]]


def _widen(
    windows: list[_Window],
    index: int,
    side: str,
    closed: set[str],
    candidates: Sequence[Candidate],
    fits: ReplyFits | None,
    max_chars: int | None,
) -> None:
    """Take one more sentence on ``side`` of window ``index`` if the quote and the answer still fit."""
    window = windows[index]
    setattr(window, side, getattr(window, side) + 1)
    within = max_chars is None or len(window.text()) <= max_chars
    if within and (fits is None or fits(as_choice(candidates, [each.text() for each in windows]))):
        return
    setattr(window, side, getattr(window, side) - 1)
    closed.add(side)


def key_word_share(text: str, terms: Sequence[str], weights: Mapping[str, float] | None = None) -> float:
    """The share of the question's key words, each weighted by rarity, that the answer text itself mentions."""
    weight = {term: (weights or {}).get(term, 1.0) for term in terms}
    total = sum(weight.values())
    if total <= 0:
        return 1.0
    return sum(weight[term] for term in mentioned_terms(text, terms)) / total


def answer_choices(
    candidates: Sequence[Candidate],
    terms: Sequence[str],
    weights: Mapping[str, float] | None,
    *,
    parts: int,
    limit: int,
    min_key_word_share: float = 0.0,
    surroundings_of: SurroundingsOf | None = None,
    fits: ReplyFits | None = None,
    quote_chars: int = 0,
    compound: Sequence[AnswerPart] = (),
    top_hit: str | None = None,
    context_of: Mapping[str, str] | None = None,
    window: Callable[[Candidate], str] | None = None,
    about: Callable[[Sequence[Candidate]], bool] | None = None,
    stand_ins: int = 0,
    stand_in_about: Callable[[Sequence[Candidate]], bool] | None = None,
) -> list[AnswerChoice]:
    """At most ``limit`` answers, code's best first: one sentence per part, then single runners-up.

    When ``about`` refuses code's best answer, up to ``stand_ins`` runners-up are judged in turn, each by the
    stricter ``stand_in_about`` (decision 0101): the best-ranked answer that is about the question stands, not the
    best-ranked one alone. A runner-up overrides the ranking, so it must be closer to the question in meaning than
    the best one would have had to be.

    For a compound question with ``compound`` parts (:func:`answer_parts`) each part gets its own best sentence
    (:func:`per_part_candidates`); otherwise, or when no part found one, the best sentence and then those adding
    the most missing key words (:func:`covering_candidates`).

    An answer whose own sentences mention under ``min_key_word_share`` of the key words (by rarity) is not offered:
    the sources together may name the key words while the best sentence says little about the question
    ("How do I install a third-party package with pip?" answered with a sentence about packages). With
    ``surroundings_of``, each chosen sentence is quoted with the sentences around it in its passage, beyond the
    nearest one up to ``quote_chars`` per part, since the best-ranked sentence often starts a thought its next sentence ends ("The
    from clause is used for exception chaining: ..." then "... attached to the raised exception as the
    __cause__ attribute"); ranking, coverage and the rules above read only the chosen sentences, so the quoted
    context never makes an answer eligible; ``fits`` says whether a quoted answer fits one reply (see
    :func:`quoted_choice`). ``window`` gives each part of a compound question its own answer kind
    (:func:`per_part_candidates`).
    """
    if not candidates:
        return []
    by_part = per_part_candidates(candidates, compound, weights, window) if compound else []
    groups = [by_part or covering_candidates(candidates, terms, weights, parts)]
    for candidate in candidates[1:]:
        if len(groups) >= max(limit, 1 + stand_ins):
            break
        if as_choice([candidate]) not in [as_choice(group) for group in groups]:
            groups.append([candidate])

    def eligible_group(group: Sequence[Candidate], standing_in: bool) -> bool:
        judge = stand_in_about if standing_in and stand_in_about is not None else about
        if judge is not None:
            return judge(group)
        return key_word_share(_read_in_documents(group, context_of), terms, weights) >= min_key_word_share

    eligible: list[Sequence[Candidate]] = []
    for index, group in enumerate(groups):
        if len(eligible) >= limit or (index >= limit and eligible):
            break
        if eligible_group(group, standing_in=index >= limit):
            eligible.append(group)
    extra = top_hit_part(eligible[0], candidates, top_hit) if eligible and top_hit and not by_part else []
    if extra and about is not None and not about(extra):
        extra = []  # quoted beside the answer, it is held to the same gate as the answer (decision 0147)
    return [
        _composed(group, extra if index == 0 else [], surroundings_of, fits, quote_chars)
        for index, group in enumerate(eligible)
    ]


def _composed(
    group: Sequence[Candidate],
    extra: Sequence[Candidate],
    surroundings_of: SurroundingsOf | None,
    fits: ReplyFits | None,
    quote_chars: int,
) -> AnswerChoice:
    if surroundings_of is not None:
        return quoted_choice(group, surroundings_of, fits, quote_chars, extra)
    every = [*group, *extra]
    return as_choice(every) if extra and (fits is None or fits(as_choice(every))) else as_choice(group)


def top_hit_part(
    group: Sequence[Candidate], candidates: Sequence[Candidate], top_hit: str
) -> list[Candidate]:
    """The best sentence of the question search's top hit, when no sentence of ``group`` is from it.

    The question's own wording ranks the passage that answers first more often than code's key-word ranking
    picks it: where showing the top hit alone was right and the agent wrong, code's sentence came from another
    passage (a later search's "Three dots is up two levels" from the import statement, for "the object
    written as three dots"). The top hit's sentence is added after code's choice, cited by its own label, not
    substituted for it, since code's choice is right more often; it does not count for whether the answer is
    offered at all (an answer must be about the question by its own sentences), and it only gets the room
    left in the reply once code's choice is quoted (:func:`quoted_choice`). :func:`answer_choices` holds it to
    the meaning gate as well: the question's own wording ranks first a page that restates the question, and
    unjudged it brought two of the ten canaries on the 123 blind-born suites (decision 0147: right outcomes
    2,929 -> 2,933, canaries 10 -> 8).
    """
    if len(group) >= MAX_ANSWER_PARTS or any(candidate.label == top_hit for candidate in group):
        return []
    best = next((c for c in candidates if c.label == top_hit and c.score > 0), None)
    return [best] if best is not None else []


def _read_in_documents(group: Sequence[Candidate], context_of: Mapping[str, str] | None) -> str:
    """The answer's sentences with the titles and headings of the documents they come from (``context_of`` by
    label): a sentence is read in its document, as it is ranked (:func:`ranked_candidates`)."""
    contexts = dict.fromkeys((context_of or {}).get(candidate.label, "") for candidate in group)
    return " ".join([_unlabelled(as_choice(group)), *contexts])


def _unlabelled(choice: AnswerChoice) -> str:
    """The answer's text without its inline labels, which are no evidence of anything."""
    return CITED_LABEL.sub("", choice.text)
