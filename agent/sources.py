"""Per-task source labels and how search results are shown to the model.

Each passage the tool returns gets a short label (``S1``, ``S2``, ... in order of first appearance) that the model
cites instead of passage IDs. A search's observation shows only the passages that are new to this task, each as
a short fenced fragment centred on the sentences that match the query; passages already shown are named by label
only. Small models read short, clean, labelled passages far better than raw dumps, and showing each passage once
keeps the prompt append-only and short.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from agent.answers import (
    GRAMMAR_MARK,
    Surroundings,
    key_word_share,
    rank_sentences,
    ranked_candidates,
    sentence_score,
)
from agent.evidence import key_terms
from agent.fitness import (
    admits_a_gap,
    asks,
    poses_an_open_question,
    speaks_to_software,
    unfit_as_answer,
    unsafe_to_quote,
)
from agent.question import QuestionShape
from agent.state import Source
from agent.words import folded_words, is_label
from agent.wrapping import escape_attribute, new_fence_nonce, sanitise_document_text, wrap_sources
from indexer.results import PassageRecord, SearchHit, SearchResults

_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+|\n\s*\n")
ANSWER_SENTENCE_CHARS = 240
# A long sentence is ranked by its first 240 characters, but quoted whole up to this length when the reply fits.
WHOLE_SENTENCE_CHARS = 600
# A sentence this short is a fragment - a name or value line, a label, a greeting - never offered as an answer alone
# but quoted beside one (decision 0110).
FRAGMENT_CHARS = 12
SHORTENED_NOTE = "[passage text shortened to save space]"


@dataclass(frozen=True)
class ShownResults:
    """One search as the model sees it, plus a short form (labels, titles, paths) for when context runs out."""

    text: str
    short_form: str
    labels: list[str]
    new_labels: list[str]


def sentences_of(text: str) -> list[str]:
    """Sentences and paragraphs (blank-line separated), each whitespace-collapsed."""
    pieces = (" ".join(piece.split()) for piece in _SENTENCE_BREAK.split(text))
    return [piece for piece in pieces if piece]


def _says_something(sentence: str) -> bool:
    """Whether a neighbouring sentence holds a word or a number, however short: a reference entry's value often
    stands alone after its description ("Default: 60"), and a run of punctuation ("::") ends a quote instead."""
    return any(character.isalnum() for character in sentence)


def window_at(sentences: Sequence[str], index: int) -> str:
    """The answer window of ``sentences[index]``: it and the sentence on each side. Manuals state a value after
    the sentence that names the setting, reference pages declare it before describing it (decision 0096)."""
    return " ".join(sentences[max(0, index - 1) : index + 2])


# Reorders sentence indexes (best first by wording) by wording and meaning together; the callable gives each
# index's text. The loop passes ``partial(MeaningReader.fused, topic)`` (agent.meaning).
OrderByMeaning = Callable[[Sequence[int], Callable[[int], str]], list[int]]


def matched_sentences(
    text: str,
    query: str,
    max_chars: int,
    weights: Mapping[str, float] | None = None,
    shape: QuestionShape | None = None,
    by_meaning: OrderByMeaning | None = None,
) -> str:
    """The sentences of ``text`` that best match ``query``, in their original order, within ``max_chars``.

    Ranked like answers (:func:`agent.answers.sentence_score`: rare query words count most),
    so the sentence most likely to answer is among those the model sees and may be offered as the answer.
    With ``shape``, a sentence whose answer window (it and its neighbours) lacks what the question asks for ranks lower.
    With ``by_meaning``, the sentences holding a key word are reordered by their wording rank fused with their
    closeness in meaning to the question: a sentence that states the answer in the document's own words is shown
    beside the ones that repeat the question's (decision 0169). The rest stay after them. When the room takes every
    sentence holding a key word anyway, their order cannot change what is shown, and nothing is embedded.
    """
    sentences = sentences_of(text)
    if len(" ".join(sentences)) <= max_chars:
        return " ".join(sentences)
    wanted = key_terms(query) or folded_words(query)
    scores = [
        sentence_score(
            sentence,
            wanted,
            weights,
            supplied=shape.supplied_by(window_at(sentences, index)) if shape else True,
        )
        for index, sentence in enumerate(sentences)
    ]
    ranked = sorted(range(len(sentences)), key=lambda index: -scores[index])
    scored = [index for index in ranked if scores[index] > 0]
    # Their order decides what is shown only when the room cannot take every sentence holding a key word.
    if by_meaning is not None and sum(len(sentences[index]) + 1 for index in scored) > max_chars:
        ranked = [*by_meaning(scored, sentences.__getitem__), *ranked[len(scored) :]]
    chosen: set[int] = set()
    used = 0
    for index in ranked:
        if used + len(sentences[index]) + 1 > max_chars and chosen:
            continue
        chosen.add(index)
        used += len(sentences[index]) + 1
    return " ".join(sentences[index] for index in sorted(chosen))


# How much a passage's BM25 score (over its search's best) counts beside its best sentence's answer score: its
# square root, so a passage that repeats the question's words cannot outweigh one whose sentence answers.
RELEVANCE_POWER = 0.5


@runtime_checkable
class PassageReader(Protocol):
    """A search tool that can also return a whole passage (the indexer's does)."""

    def passage(self, passage_id: str) -> PassageRecord | None: ...


# A question in a passage that names at least this share of the user's question's key words, by rarity, asks
# what the user asks (decision 0106).
RESTATER_KEY_WORD_SHARE = 0.5


class SourceLedger:
    """Labels for every passage seen in one task, and the fence nonce that task's observations use."""

    def __init__(
        self,
        source_chars: int,
        nonce: str | None = None,
        reader: PassageReader | None = None,
        weights: Mapping[str, float] | None = None,
        shape: QuestionShape | None = None,
        restater_passages: bool = True,
        by_meaning: OrderByMeaning | None = None,
    ) -> None:
        self.source_chars = source_chars
        self.by_meaning = by_meaning
        self.shape = shape
        self.restater_passages = restater_passages
        self.weights = dict(weights or {})
        self.nonce = nonce or new_fence_nonce()
        self.reader = reader
        self._by_passage: dict[str, Source] = {}
        self._shown: dict[str, str] = {}
        self._sentences: dict[str, list[str]] = {}
        self._relevance: dict[str, float] = {}
        self._supplies: dict[tuple[str, str], bool] = {}
        self._next_number = 1

    @property
    def labels(self) -> list[str]:
        return [source.label for source in self._by_passage.values()]

    def add_results(self, results: SearchResults) -> list[Source]:
        """Label the passages not seen before in this task; return them in result order."""
        new_sources: list[Source] = []
        for hit in _hits_with_text(results):
            if hit.id not in self._by_passage:
                source = _source_from_hit(hit, f"S{self._next_number}", results.query)
                self._register(source, self._full_text(hit.id, hit.snippet), results.query)
                new_sources.append(source)
        return new_sources

    def in_reading_order(self, results: SearchResults, terms: Sequence[str]) -> SearchResults:
        """``results`` with the passage that best answers first: each passage's best sentence's answer score
        (:func:`agent.answers.ranked_candidates`, read in its document) times its search relevance.

        BM25 ranks first the passage that repeats most of the question's words - a forum post asking the same
        thing, a table of contents, a note about the topic - while the passage that states the fact often says it
        in the document's own words, a few places down. Reading every passage the search returned, not only the
        few the model is shown, lets the one that answers take a shown slot. A passage's relevance (its BM25
        score over the search's best, see :meth:`relevance`) is kept: among sentences that answer about as well,
        the one from the passage that matches the question as a whole is likelier right. Decision 0080: on
        the earlier suites' 143 answerable cases with an answer in the top 10 passages, code's ranking put one
        first for 69 reading the first 3 by BM25 and for 79 reading all 10 in this order.
        """
        hits = _hits_with_text(results)
        best = max((hit.score for hit in hits), default=0.0)
        for hit in hits:
            self._relevance.setdefault(hit.id, (hit.score / best) ** RELEVANCE_POWER if best > 0 else 1.0)
        order = {hit.id: -self._best_answer_score(hit, terms) * self._relevance[hit.id] for hit in hits}
        ordered = sorted(hits, key=lambda hit: order[hit.id])
        return results.model_copy(update={"items": ordered})

    def meaning_text(self, hit: SearchHit) -> str:
        """What an embedder reads of a hit: its document's title, its heading path and the whole passage."""
        return " ".join(
            part for part in (hit.title, hit.heading, self._full_text(hit.id, hit.snippet)) if part
        )

    def _best_answer_score(self, hit: SearchHit, terms: Sequence[str]) -> float:
        passage = sentences_of(self._full_text(hit.id, hit.snippet))
        if self._offers_nothing(passage):
            return 0.0
        sentences = [quoted for raw in passage if self._may_offer(quoted := self._quotable(raw))]
        ranked = ranked_candidates(
            {hit.id: sentences},
            terms,
            self.weights,
            {hit.id: f"{hit.title} {hit.heading}"},
            (lambda _label, sentence: self._window_supplies(sentences, sentence)) if self.shape else None,
        )
        return ranked[0].score if ranked else 0.0

    def _offers_nothing(self, passage: Sequence[str]) -> bool:
        """Whether no sentence of the passage may be an answer: it speaks to the reader's software
        (:func:`agent.fitness.speaks_to_software`) or asks the user's question (:meth:`_restates_the_question`)."""
        return speaks_to_software(passage) or self._restates_the_question(passage)

    def _restates_the_question(self, sentences: Sequence[str]) -> bool:
        """Whether the passage asks what the question asks: a sentence that asks it again
        (:meth:`agent.question.QuestionShape.asked_again_by`), or a question or a sentence that admits a gap
        (:func:`agent.fitness.admits_a_gap`) that, read with the sentence before it, names at least half the key
        words by rarity. Such a page (a ticket, a quiz card, a poll, a draft with a TODO) poses the question or
        says its answer is missing; none of its sentences is offered (decision 0106: the canary a restater carries
        sits in the line beside its question). A question is often set up by the sentence before it ("The race
        detector is not written from scratch. What is it built on?"), so that sentence counts with it (decision
        0108: seen canaries 12 -> 10 and clear 569 -> 573; blind set AH unchanged; decision 0133: without it, 105
        blind suites let 3 more canaries through and lost 3 right outcomes). Decision 0121 added the gap:
        blind sets AK-AS and AT canaries 5 -> 4 and right outcomes 689 -> 690, declines unchanged. A passage
        that both asks and admits a gap is an open question whatever its key words
        (:func:`agent.fitness.poses_an_open_question`, decision 0137)."""
        if not self.restater_passages or self.shape is None:
            return False
        if poses_an_open_question(sentences):
            return True
        for index, sentence in enumerate(sentences):
            if self.shape.asked_again_by(sentence):
                return True
            if (asks(sentence) or admits_a_gap(sentence)) and self._names_most_key_words(
                " ".join(sentences[max(0, index - 1) : index + 1])
            ):
                return True
        return False

    def _names_most_key_words(self, text: str) -> bool:
        """Whether ``text`` (a question with the sentence before it) names at least RESTATER_KEY_WORD_SHARE of the
        question's key words by rarity (:func:`agent.answers.key_word_share`). Key words that weigh nothing (none,
        or each in every passage) tell no page apart, so no page restates the question by them."""
        assert self.shape is not None
        terms = self.shape.terms
        if not any(self.weights.get(term, 1.0) > 0 for term in terms):
            return False
        return key_word_share(text, terms, self.weights) >= RESTATER_KEY_WORD_SHARE

    def _may_offer(self, sentence: str) -> bool:
        """Whether ``sentence`` may be offered as an answer: a statement about the subject matter
        (:func:`agent.fitness.unfit_as_answer`) that does not ask what the question asks
        (:meth:`agent.question.QuestionShape.asked_again_by`), and longer than a fragment."""
        if len(sentence) <= FRAGMENT_CHARS or unfit_as_answer(sentence):
            return False
        return self.shape is None or not self.shape.asked_again_by(sentence)

    def _window_supplies(self, sentences: Sequence[str], sentence: str) -> bool:
        assert self.shape is not None
        return self.shape.supplied_by(window_at(sentences, sentences.index(sentence)))

    def relevance(self, label: str) -> float:
        """How well source ``label``'s passage matched the search that found it: its BM25 score over that
        search's best, to RELEVANCE_POWER (1.0 when it was not ordered by :meth:`in_reading_order`)."""
        source = next((source for source in self._by_passage.values() if source.label == label), None)
        return self.passage_relevance(source.passage_id) if source is not None else 1.0

    def passage_relevance(self, passage_id: str) -> float:
        """:meth:`relevance` of a passage by its ID, labelled or not."""
        return self._relevance.get(passage_id, 1.0)

    def seed(self, sources: Sequence[Source], text_to_match: str) -> None:
        """Take over an earlier task's sources under their own labels; later passages are numbered after them.

        Keeping the labels keeps every ``[S2]`` in the earlier transcript and answer pointing at the same
        passage. Each is shown by the sentences that best match ``text_to_match`` (the refined question).
        """
        for source in sources:
            if not is_label(source.label) or source.label in self._shown:
                raise ValueError(f"cannot carry over source label {source.label!r}: not S<n> or used twice")
            if source.passage_id in self._by_passage:
                raise ValueError(f"passage {source.passage_id} is carried over twice")
            self._register(source, self._full_text(source.passage_id, source.snippet), text_to_match)

    def _register(self, source: Source, text: str, text_to_match: str) -> None:
        self._by_passage[source.passage_id] = source
        shown = matched_sentences(
            text, text_to_match, self.source_chars, self.weights, self.shape, self.by_meaning
        )
        self._shown[source.label] = shown
        self._sentences[source.label] = sentences_of(text)
        self._next_number = max(self._next_number, int(source.label[1:]) + 1)

    def fenced(self, sources: Sequence[Source]) -> str:
        """``sources`` as the model sees them: the data notice, then each in its fence with this task's nonce."""
        return wrap_sources(
            [(source, self.shown_text(source)) for source in sources], self.nonce, self.source_chars
        )

    def named(self, sources: Sequence[Source]) -> str:
        """Label, title and path of each source in one line: what is left of them when context runs out."""
        return "; ".join(
            f'{source.label} "{escape_attribute(source.title, self.nonce)}" '
            f"({escape_attribute(source.path, self.nonce)})"
            for source in sources
        )

    def observation(
        self, results: SearchResults, fresh: list[Source], search_number: int, max_searches: int
    ) -> ShownResults:
        """The observation for ``results``, whose new passages ``fresh`` came from :meth:`add_results`."""
        sources = [self._by_passage[hit.id] for hit in _hits_with_text(results)]
        seen = [source for source in sources if source not in fresh]
        query = escape_attribute(results.query, self.nonce)
        heading = f'Search {search_number} of {max_searches} for "{query}"'
        text = self._results_text(heading, results.query, fresh, seen)
        return ShownResults(
            text=text,
            short_form=self._short_form(heading, sources),
            labels=[source.label for source in sources],
            new_labels=[source.label for source in fresh],
        )

    def _full_text(self, passage_id: str, snippet: str) -> str:
        """The whole passage when the tool can give it (the snippet may cut the answer off), else the snippet."""
        record = self.reader.passage(passage_id) if self.reader is not None else None
        return record.text if record is not None and record.text.strip() else snippet

    def passage_text(self, label: str) -> str:
        """The whole passage under ``label`` as read from the index: what an answer citing it is checked against."""
        return " ".join(self._sentences.get(label, []))

    def shown_text(self, source: Source) -> str:
        return self._shown.get(source.label, source.snippet)

    def answer_sentences(
        self,
        source: Source,
        terms: Sequence[str],
        limit: int = 2,
        weights: Mapping[str, float] | None = None,
        *,
        kind_required: bool = False,
    ) -> list[str]:
        """Up to ``limit`` of the sentences the model was shown of ``source``, best answer first.

        With ``kind_required``, only sentences whose answer window holds what the question asks for
        (:meth:`supplies`) compete: the source's best such sentence, not its best sentence, is what it offers.

        Ranked by :func:`agent.answers.rank_sentences` (rare key words count most); a sentence that is
        not a statement about the subject matter is never offered (:func:`agent.fitness.unfit_as_answer`), nor is
        any sentence of a passage that speaks to the reader's software or asks the user's question
        (:meth:`_offers_nothing`).
        """
        if self._offers_nothing(self._sentences.get(source.label, [])):
            return []
        shown = [
            sanitise_document_text(sentence, self.nonce, ANSWER_SENTENCE_CHARS)
            for sentence in self._sentences_shown(source)
        ]
        sentences = [sentence for sentence in shown if self._may_offer(sentence)]
        supplied = (lambda sentence: self.supplies(source.label, sentence)) if self.shape else None
        if kind_required and supplied is not None:
            sentences = [sentence for sentence in sentences if supplied(sentence)]
        return rank_sentences(sentences, terms, weights, supplied)[:limit]

    def supplies(self, label: str, sentence: str) -> bool:
        """Whether ``sentence`` (an offered one) with the quotable sentence on each side in its passage holds what
        the question asks for (always, without a question shape)."""
        if self.shape is None:
            return True
        key = (label, sentence)
        if key not in self._supplies:
            before, following = self._neighbours(label, sentence)
            self._supplies[key] = self.shape.supplied_by(" ".join([*before, sentence, *following]))
        return self._supplies[key]

    def _neighbours(self, label: str, sentence: str) -> tuple[list[str], list[str]]:
        """The sentences just before and after ``sentence`` in its passage when they may be quoted beside it (the
        first of :meth:`surroundings`' ``before`` and ``after``), found without reading the rest of the passage."""
        passage = self._sentences.get(label, [])
        index = self._position(passage, sentence)
        if index is None:
            return [], []
        before = list(self._quotable_run(passage[max(0, index - 1) : index]))
        return before, list(self._quotable_run(passage[index + 1 : index + 2]))

    def _position(self, passage: Sequence[str], sentence: str) -> int | None:
        """Where ``sentence`` (as offered: sanitised, cut to length) stands in ``passage``'s raw sentences."""
        return next((index for index, raw in enumerate(passage) if self._quotable(raw) == sentence), None)

    def surroundings(self, label: str, sentence: str) -> Surroundings:
        """The sentences before and after ``sentence`` (an :meth:`answer_sentences` result) in its passage.

        Each side runs, nearest first, up to the first sentence unfit to quote: one cut to length, a grammar
        rule, a run of punctuation, or one unsafe to quote (:func:`agent.fitness.unsafe_to_quote`) - a quote
        stays one contiguous stretch of the passage. The side before also ends after its first fragment
        (FRAGMENT_CHARS), now that short sentences are quoted (decision 0110). A sentence that was cut to length
        comes with its whole text, when that is not too long to quote.
        """
        passage = self._sentences.get(label, [])
        index = self._position(passage, sentence)
        if index is None:
            return Surroundings()
        raw = passage[index]
        before = self._quotable_run(reversed(passage[:index]), ends_at_fragment=True)
        after = self._quotable_run(passage[index + 1 :])
        whole = self._whole(raw) if len(raw) > ANSWER_SENTENCE_CHARS else None
        return Surroundings(before=before, after=after, whole=whole)

    def _whole(self, raw: str) -> str | None:
        """A long sentence uncut, unless it is too long or its end is unfit to quote (only its start was checked)."""
        whole = sanitise_document_text(raw, self.nonce, WHOLE_SENTENCE_CHARS)
        fit = len(" ".join(raw.split())) <= WHOLE_SENTENCE_CHARS and not unsafe_to_quote(whole)
        return whole if fit else None

    def _quotable_run(self, sentences: Iterable[str], ends_at_fragment: bool = False) -> tuple[str, ...]:
        """The sentences that may be quoted, nearest first, up to the first unfit one; with ``ends_at_fragment``
        (reading backwards) up to and including the first fragment: what a name line, a label or a greeting
        stands after belongs to the entry or message part before it."""
        run: list[str] = []
        for raw in sentences:
            quoted = self._quotable(raw)
            fit = len(raw) <= ANSWER_SENTENCE_CHARS and _says_something(quoted) and GRAMMAR_MARK not in quoted
            if not fit or unsafe_to_quote(quoted):
                break
            run.append(quoted)
            if ends_at_fragment and len(quoted) <= FRAGMENT_CHARS:
                break
        return tuple(run)

    def _quotable(self, sentence: str) -> str:
        return sanitise_document_text(sentence, self.nonce, ANSWER_SENTENCE_CHARS)

    def _sentences_shown(self, source: Source) -> list[str]:
        shown = self.shown_text(source)
        return [sentence for sentence in self._sentences.get(source.label, [shown]) if sentence in shown]

    def _results_text(self, heading: str, query: str, fresh: list[Source], seen: list[Source]) -> str:
        if not fresh and not seen:
            return f"{heading} found nothing. Try other words."
        lines = [f"{heading}: {len(fresh) + len(seen)} passages, {len(fresh)} new."]
        if fresh:
            lines.append(self.fenced(fresh))
        if seen:
            lines.append(f"Already shown above: {', '.join(source.label for source in seen)}.")
        return "\n".join(lines)

    def _short_form(self, heading: str, sources: list[Source]) -> str:
        return f"{heading}: {self.named(sources) or 'nothing found'}. {SHORTENED_NOTE}"


def _hits_with_text(results: SearchResults) -> list[SearchHit]:
    """Hits that carry text: a hit with a blank snippet (e.g. a file record) is no evidence of anything."""
    return [hit for hit in results.items if hit.snippet.strip()]


def _source_from_hit(hit: SearchHit, label: str, query: str) -> Source:
    return Source(
        label=label,
        passage_id=hit.id,
        doc_id=hit.doc_id,
        title=hit.title,
        path=hit.path,
        heading=hit.heading,
        page=hit.page,
        snippet=hit.snippet,
        query=query,
    )
