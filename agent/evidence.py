"""Cheap lexical evidence rules, so a small model's judgement is never the only thing deciding the next step.

A 135M-parameter model cannot reliably tell whether three passages answer a question, but code can count which of
the question's key words the passages mention. These rules narrow the model's options (they never write its
answer): key words are shown to the model to copy into its first query; the words still missing are shown after
each search; once the sources mention enough of them the model is asked for its final answer; only sources that
mention a key word may be cited; and a question that leans on an unnamed "it"/"that" with almost nothing else
is offered only the clarify action.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from agent.state import Source
from agent.words import folded_words, words

_SUFFIXES = ("ations", "ation", "ings", "ing", "ied", "ies", "ed", "es", "s")
STOPWORDS = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "against",
        "all",
        "also",
        "am",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "doing",
        "done",
        "down",
        "during",
        "each",
        "either",
        "else",
        "ever",
        "for",
        "from",
        "further",
        "get",
        "gets",
        "had",
        "has",
        "have",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "him",
        "his",
        "how",
        "however",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "itself",
        "just",
        "let",
        "like",
        "made",
        "make",
        "many",
        "may",
        "me",
        "might",
        "more",
        "most",
        "much",
        "must",
        "my",
        "no",
        "nor",
        "not",
        "now",
        "of",
        "off",
        "on",
        "once",
        "one",
        "only",
        "or",
        "other",
        "our",
        "out",
        "over",
        "own",
        "same",
        "shall",
        "she",
        "should",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "upon",
        "us",
        "use",
        "used",
        "using",
        "very",
        "was",
        "way",
        "we",
        "well",
        "were",
        "what",
        "when",
        "where",
        "whether",
        "which",
        "while",
        "who",
        "whom",
        "whose",
        "why",
        "will",
        "with",
        "within",
        "without",
        "would",
        "you",
        "your",
        "yes",
    ]
)
# Words that stand for something named elsewhere. Not "one": in questions it is a numeral or an indefinite ("One
# of my backend boxes ...", "Just for one run ...", "more than one case"); over the 32 suites of sessions 1-9 it
# sent back 8 clear questions and no ambiguous one (decision 0093).
REFERRING_WORDS = frozenset({"it", "that", "this", "they", "them", "those", "these", "there"})


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A crude stem, so ``raised``/``raise`` and ``statements``/``statement`` match.

    Cached: ranking every sentence of every passage a search returns asks for the same few thousand words' stems
    hundreds of thousands of times a question."""
    bare = word.strip("_")
    for suffix in _SUFFIXES:
        if len(bare) > len(suffix) + 3 and bare.endswith(suffix):
            return bare[: -len(suffix)]
    return bare.rstrip("e") if len(bare) > 4 else bare


def key_terms(question: str) -> list[str]:
    """The question's content words, in order, without stopwords or one-letter tokens; "default" after them when
    the question asks for a default in other words (:func:`asks_for_a_default`)."""
    words = folded_words(question)
    kept = [word for word in words if len(word.strip("_")) > 1 and word not in STOPWORDS]
    if asks_for_a_default(question):
        kept.append(DEFAULT_WORD)
    return list(dict.fromkeys(kept))


DEFAULT_WORD = "default"
# How users ask for a default without the word, where manuals write "default": "out of the box", "unless I
# change it", "if I never set one", "when I leave -m off", "without giving a format", "before I tune anything".
_ASKS_FOR_A_DEFAULT = re.compile(
    r"\bout of the box\b|\bfactory\b|\bas shipped\b|\bstock\b|\buntouched\b|\bunset\b|\botherwise\b"
    r"|\bunless (?:i|you|we|they|someone|the user|it)\b"
    r"|\b(?:if|when|where) (?:i|you|we|they|the user|nobody|no one)\b[^?.,;]{0,12}\b(?:don'?t|do not|never|"
    r"didn'?t|did not|haven'?t|have not|fail to|forget to|skip|omit|leave|leaves)\b"
    r"|\b(?:leave|leaves|left|leaving)\b(?: \S+){0,3} (?:out|unset|alone|blank|empty|off|unspecified)\b"
    r"|\bomit(?:s|ted|ting)?\b|\bnot (?:set|specified|given|configured)\b"
    r"|\bwithout (?:setting|specifying|naming|giving|passing|configuring|changing|touching|telling|an explicit|"
    r"any)\b"
    r"|\bbefore (?:i|you|we) (?:tune|change|configure|touch|set|adjust)\b"
    r"|\bno (?:\w+ ){0,2}(?:is|are) (?:given|set|specified|named|configured|passed)\b",
    re.IGNORECASE,
)


def asks_for_a_default(question: str) -> bool:
    """Whether the question asks what happens when the user sets nothing, in words other than "default".

    Decision 0109: 28% of the seen suites' clear questions ask for a default, four in five of them without the
    word, and the sentence that answers says "default" in it or beside it for 94% of them. Decision 0133: off,
    79 blind suites answered 14 fewer questions right (1,852 -> 1,838)."""
    if _ASKS_FOR_A_DEFAULT.search(question) is None:
        return False
    return all(stem(word) != DEFAULT_WORD for word in folded_words(question))


def word_stems(text: str) -> set[str]:
    return {stem(word) for word in folded_words(text)}


# A key word's stem this long also matches words it starts ("assert" in "assertionerror").
MIN_PREFIX_STEM = 4


def mentions(stems: set[str], term: str) -> bool:
    """``term`` appears among ``stems``, or starts one of them (``assert`` in ``AssertionError``)."""
    wanted = stem(term)
    return wanted in stems or any(stem_mentions(word, wanted) for word in stems)


def stem_mentions(word_stem: str, term_stem: str) -> bool:
    """:func:`mentions` for one word, both stems already taken: the same stem, or a long enough one it starts."""
    return word_stem == term_stem or (len(term_stem) >= MIN_PREFIX_STEM and word_stem.startswith(term_stem))


def mentioned_terms(text: str, terms: Iterable[str]) -> set[str]:
    """The ``terms`` the text mentions."""
    stems = word_stems(text)
    return {term for term in terms if mentions(stems, term)}


def overlap(text: str, terms: Iterable[str]) -> int:
    """How many of ``terms`` the text mentions."""
    return len(mentioned_terms(text, terms))


def _source_stems(source: Source) -> set[str]:
    text = f"{source.title} {source.heading} {source.snippet}".casefold()
    return {stem(word) for word in words(text)}


@dataclass(frozen=True)
class Evidence:
    """Which key words the sources so far mention, and which sources mention any."""

    terms: list[str]
    found: list[str]
    citable: list[str]
    weights: Mapping[str, float] = field(default_factory=dict)
    mentioning: list[str] = field(default_factory=list)
    """Every source that mentions a key word, most key words first: where code-ranked answers may come from."""

    @property
    def missing(self) -> list[str]:
        return [term for term in self.terms if term not in self.found]

    @property
    def coverage(self) -> float:
        return len(self.found) / len(self.terms) if self.terms else 1.0

    @property
    def weighted_coverage(self) -> float:
        """Coverage with each key word counted by its rarity (see :func:`rarity_weights`); plain without weights.

        Two common words found out of six ("module", "default" for "Which port does the http.server module
        listen on by default?") are a third of the words but far less than a third of the evidence wanted.
        """
        if not self.weights:
            return self.coverage
        total = sum(self.weights.get(term, 0.0) for term in self.terms)
        found = sum(self.weights.get(term, 0.0) for term in self.found)
        return found / total if total > 0 else self.coverage


# A word no passage holds weighs as much as one held by 1 passage in 500 (-ln 0.002 = 6.2); "the" weighs 0.04.
MIN_PASSAGE_SHARE = 0.002


def rarity_weights(terms: Sequence[str], passage_share: Callable[[str], float]) -> dict[str, float]:
    """Each key word's inverse document frequency, -ln(share of passages holding it), from the index."""
    return {term: -math.log(max(passage_share(term), MIN_PASSAGE_SHARE)) for term in terms}


def expected_passages_holding_all(shares: Mapping[str, float], passages: int) -> float:
    """How many of ``passages`` would hold every key word if the words occurred independently: N * prod(share).

    Why: a question is read in one place of the documents only if what it names singles that place out. When
    its words are so common that more than one passage is expected to hold them all, nothing in it tells those
    passages apart ("What is the default port?" in a corpus of several daemons). A word no passage holds counts
    as held by one: the question names something the documents lack, which other rules answer for (0085)."""
    if passages <= 0 or not shares:
        return 0.0
    floor = 1 / passages
    return passages * math.prod(max(share, floor) for share in shares.values())


def assess(
    terms: Sequence[str],
    sources: Iterable[Source],
    max_citable: int = 3,
    weights: Mapping[str, float] | None = None,
) -> Evidence:
    """Key-word coverage over ``sources``; ``citable`` are the best-matching sources (at most ``max_citable``)."""
    matches: list[tuple[int, str]] = []
    found: set[str] = set()
    for source in sources:
        stems = _source_stems(source)
        hits = [term for term in terms if mentions(stems, term)]
        found.update(hits)
        if hits:
            matches.append((len(hits), source.label))
    best = max((count for count, _ in matches), default=0)
    ranked = sorted((item for item in matches if 2 * item[0] >= best), key=lambda item: -item[0])
    citable = [label for _, label in ranked[:max_citable]]
    found_terms = [term for term in terms if term in found]
    mentioning = [label for _, label in sorted(matches, key=lambda item: -item[0])]
    return Evidence(
        terms=list(terms),
        found=found_terms,
        citable=citable,
        weights=dict(weights or {}),
        mentioning=mentioning,
    )


def needs_clarifying(question: str) -> bool:
    """A question pointing at something it never names: "What does it return?", "Is that allowed here?".

    Vague when a referring word ("it", "that", "they", ...) comes before any key word, or when the question has
    at most two key words and a referring word anywhere. An existential "there" ("Is there a limit for the length
    of integer literals?") refers to nothing. "What does the pass statement do when it is executed?"
    names its subject before "it", so it is not vague.
    """
    words = folded_words(question)
    terms = key_terms(question)
    referring = [
        index
        for index, word in enumerate(words)
        if word in REFERRING_WORDS and not _existential_there(words, index)
    ]
    if not referring:
        return False
    first_term = next((index for index, word in enumerate(words) if word in terms), len(words))
    return referring[0] < first_term or len(terms) <= 2


_TO_BE = frozenset({"is", "are", "was", "were", "be"})


def _existential_there(words: Sequence[str], index: int) -> bool:
    """ "Is there a limit ...?" / "there are ...": a "there" beside a form of "to be" points at nothing."""
    if words[index] != "there":
        return False
    before = words[index - 1] if index > 0 else ""
    after = words[index + 1] if index + 1 < len(words) else ""
    return before in _TO_BE or after in _TO_BE


# Words that look like names in code or part numbers (an underscore, or letters mixed with digits): rare, so
# searching for them alone finds the right passage where a query of common words would not.
_IDENTIFIER = re.compile(r"_|[a-z]\d|\d[a-z]")
# Where one sub-question ends and the next begins: ", and what ...", "; ", "? Which ...". A bare comma does not
# split ("By default, how many ...", "..., which pg_dump does not include?" are one question each).
_PART_SPLIT = re.compile(
    r",?\s+and\s+(?=(?:which|what|how|when|where|who|why|is|are|does|do|can)\b)|;|\?\s+(?=\S)",
    re.IGNORECASE,
)


# A sub-question asks something: it has a question word (decision 0080: splitting at every comma and "X and Y"
# misread 30 of 302 questions of the earlier suites, this 12). A piece without one ("By default, how many ...",
# "If I don't pass a backlog, how long ...") is a clause of the sub-question that follows it.
_ASKS = re.compile(r"\b(?:which|what|how|when|where|who|whom|whose|why)\b|\?", re.IGNORECASE)


def question_parts(question: str) -> list[str]:
    """The sub-questions of a compound question ("Which X ..., and which Y ...?")."""
    parts: list[str] = []
    pending = ""
    for piece in _PART_SPLIT.split(question):
        if not _ASKS.search(piece):
            pending = f"{pending} {piece}".strip()
            continue
        parts.append(f"{pending} {piece}".strip())
        pending = ""
    if pending and parts:
        parts[-1] = f"{parts[-1]} {pending}"
    elif pending:
        parts.append(pending)
    return [part for part in parts if key_terms(part)]


def candidate_queries(question: str, missing: Sequence[str], already_run: Iterable[str]) -> list[str]:
    """Queries the model may choose from: missing key words, identifier-like words, all key words, each part's.

    Queries whose normalised form was already run are left out, so a model that cannot help repeating
    itself is never offered a repeat.
    """
    terms = key_terms(question)
    options = [" ".join(missing)] if missing and len(missing) < len(terms) else []
    identifiers = [term for term in terms if _IDENTIFIER.search(term)]
    if identifiers and not missing:
        options.append(" ".join(identifiers))
    options.append(" ".join(terms))
    options.extend(" ".join(key_terms(part)) for part in question_parts(question))
    seen = {normalised(query) for query in already_run}
    chosen: list[str] = []
    for option in options:
        key = normalised(option)
        if len(option) >= 2 and key not in seen:
            seen.add(key)
            chosen.append(option)
    return chosen


def normalised(query: str) -> str:
    """A query's identity for repeat detection: case-folded, punctuation and word order ignored."""
    folded = query.casefold()
    unique = sorted(set(words(folded)))
    return " ".join(unique) if unique else " ".join(folded.split())


def open_parts(question: str, sources: Iterable[Source], already_run: Iterable[str]) -> list[str]:
    """Queries for the parts of a compound question that no search has looked for yet, in question order.

    Key-word coverage over the whole question can pass while one part went unsearched: "Which exception does a
    failing assert raise, and which one does deleting an unbound name raise?" finds "raise" everywhere. A part
    counts as looked for once its own query ran, or once one source mentions every key word only that part has.
    """
    parts = [key_terms(part) for part in question_parts(question)]
    if len(parts) < 2:
        return []
    run = {normalised(query) for query in already_run}
    stems = [_source_stems(source) for source in sources]
    open_queries: list[str] = []
    for index, terms in enumerate(parts):
        others = {term for other, words in enumerate(parts) if other != index for term in words}
        own = [term for term in terms if term not in others] or terms
        found = any(all(mentions(source, term) for term in own) for source in stems)
        if not found and normalised(" ".join(terms)) not in run:
            open_queries.append(" ".join(terms))
    return open_queries
