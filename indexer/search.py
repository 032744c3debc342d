"""The narrow search tool the agent, the CLI and the TUI call.

The query is never handed to Tantivy's query parser: deeply nested parentheses make
``parse_query`` segfault the whole process, which Python cannot catch. Instead the query text goes
through the same analyzer the index uses, and the resulting words become term queries in one flat
boolean query. Tantivy syntax in a query is therefore just punctuation, dropped by the tokenizer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import tantivy

from indexer import schema as fields
from indexer.errors import IndexCorruptError
from indexer.results import (
    LIMIT_DEFAULT,
    LIMIT_MAX,
    LIMIT_MIN,
    QUERY_MAX_CHARS,
    QUERY_MIN_CHARS,
    SNIPPET_MAX_CHARS,
    IndexStats,
    PassageRecord,
    SearchHit,
    SearchQueryError,
    SearchResults,
)
from indexer.store import FileFacts, IndexStore
from indexer.text import clean_text

MAX_QUERY_WORDS = 24
# Common English endings added back to a query word's stem, so "descaling" also finds "descale",
# "descaled" and "descales" without stemming the whole corpus at index time.
WORD_ENDINGS = (
    "",
    "s",
    "es",
    "e",
    "ed",
    "ing",
    "er",
    "ers",
    "ion",
    "ions",
    "ation",
    "ations",
    "ment",
    "ments",
    "al",
    "ly",
)
MIN_STEM_CHARS = 3
# A title word counts twice, a heading word 1.5 times. Decision 0153 measured them: weighing all three alike,
# the agent's right outcomes on the seen suites fell 1,402 -> 1,396 (though the first hit alone did better).
FIELD_BOOSTS = {fields.BODY: 1.0, fields.TITLE: 2.0, fields.HEADING: 1.5}
SNIPPET_WINDOW_CHARS = SNIPPET_MAX_CHARS - 50


def validate_query(query: object) -> str:
    if not isinstance(query, str):
        raise SearchQueryError(f"query must be text, got {type(query).__name__}")
    trimmed = query.strip()
    if not QUERY_MIN_CHARS <= len(trimmed) <= QUERY_MAX_CHARS:
        raise SearchQueryError(
            f"query must be {QUERY_MIN_CHARS}-{QUERY_MAX_CHARS} characters after trimming, got {len(trimmed)}"
        )
    return trimmed


POOL_MAX = 50


def clamp_limit(limit: object) -> int:
    if limit is None:
        return LIMIT_DEFAULT
    if isinstance(limit, bool) or not isinstance(limit, int):
        raise SearchQueryError(f"limit must be a whole number from {LIMIT_MIN} to {LIMIT_MAX}")
    return max(LIMIT_MIN, min(LIMIT_MAX, limit))


class SearchTool:
    """Read-only access to one index: ranked search plus passage look-ups by ID."""

    def __init__(self, store: IndexStore) -> None:
        self._store = store
        self._schema = store.index.schema
        self._analyzer = fields.text_analyzer()
        self._stemmer = fields.stemming_analyzer()

    @property
    def index_dir(self) -> Path:
        return self._store.index_dir

    def search(self, query: str, limit: int | None = None) -> SearchResults:
        """Passages matching any of the query's words, best BM25 score first.

        Raises SearchQueryError (one-line reason) for a bad query or limit, and IndexCorruptError
        only if the index files are damaged underneath us; nothing else.
        """
        return self._ranked(query, clamp_limit(limit))

    def pool(self, query: str, depth: int) -> SearchResults:
        """Like :meth:`search`, for code only: up to ``depth`` (at most POOL_MAX) hits, past the model's cap, for
        code to reorder (the agent's reranking by meaning reads BM25's top 20)."""
        return self._ranked(query, max(LIMIT_MIN, min(POOL_MAX, depth)))

    def _ranked(self, query: str, count: int) -> SearchResults:
        trimmed = clean_text(validate_query(query))
        terms = self.query_terms(trimmed)
        if not terms:
            raise SearchQueryError("query has no searchable words (letters or digits)")
        searched_at = datetime.now(tz=UTC)
        try:
            searcher = self._store.searcher()
            items = self._ranked_hits(searcher, self._build_query(searcher, self.query_forms(terms)), count)
        except (ValueError, OSError) as error:
            raise IndexCorruptError(self._store.index_dir, str(error).splitlines()[0][:300]) from error
        return SearchResults(query=trimmed, searched_at=searched_at, items=items)

    def query_terms(self, text: str) -> list[str]:
        """The distinct words of ``text`` as index terms, in order, at most MAX_QUERY_WORDS."""
        return list(dict.fromkeys(self._analyzer.analyze(text)))[:MAX_QUERY_WORDS]

    def query_forms(self, terms: Sequence[str]) -> list[str]:
        """Each query term plus the surface forms that share its stem (see :func:`word_forms`).
        Candidates are stemmed too and kept only if they stem back to the same stem, so "run"
        brings "runs" but not "rune"."""
        stems = self._stemmer.analyze(" ".join(terms))
        if len(stems) != len(terms):
            return list(terms)
        candidates = [
            (stem, form) for term, stem in zip(terms, stems, strict=True) for form in word_forms(term, stem)
        ]
        candidate_stems = self._stemmer.analyze(" ".join(form for _, form in candidates))
        if len(candidate_stems) != len(candidates):
            return list(terms)
        forms = dict.fromkeys(terms)
        for (stem, form), form_stem in zip(candidates, candidate_stems, strict=True):
            if form_stem == stem:
                forms[form] = None
        return list(forms)

    def passage(self, passage_id: str) -> PassageRecord | None:
        records = self._passage_records(self._store.term(fields.ID, passage_id), limit=1)
        return records[0] if records else None

    def document_passages(self, doc_id: str) -> list[PassageRecord]:
        """Every passage of one document, in reading order (for the read-only document view). A part of
        a file (a message of an mbox) is found by its passage IDs (``docid/n:k``), within the file's."""
        query = self._store.both(
            self._store.term(fields.DOC_ID, fields.file_of(doc_id)),
            self._store.term(fields.KIND, fields.KIND_PASSAGE),
        )
        if doc_id != fields.file_of(doc_id) and re.fullmatch(r"[0-9a-f]+/[0-9]+", doc_id):
            own_passages = tantivy.Query.regex_query(self._schema, fields.ID, f"{doc_id}:[0-9]+")
            query = self._store.both(query, own_passages)
        records = self._passage_records(query, limit=max(1, self._store.count(query)))
        return sorted(
            (record for record in records if record.doc_id == doc_id), key=lambda record: record.ordinal
        )

    def passage_share(self, word: str) -> float:
        """The share of passages whose text holds ``word`` in any of its forms (0 when it has no index term).

        A rarity measure for the agent's evidence rules: a question word most passages hold ("module",
        "default") is weak evidence that a passage answers, a word few hold ("sqlite3", "port") is strong.
        A word the analyzer splits ("group_source") is held by a passage that holds every piece: the body
        stores no positions, so this is the closest count to the word itself, and a code name is not
        made as common as its most common piece ("group").
        """
        pieces = self.query_terms(clean_text(word))
        total = self._store.count(self._store.term(fields.KIND, fields.KIND_PASSAGE))
        if not pieces or not total:
            return 0.0
        return self._passages_holding_every(pieces) / total

    def passages_holding_all(self, words: Sequence[str]) -> int:
        """How many passages hold every one of ``words``, each in any of its forms (a split word: every piece).

        What a question's key words single out: one passage, or several that nothing in the question tells apart.
        """
        pieces = [piece for word in words for piece in self.query_terms(clean_text(word))]
        return self._passages_holding_every(pieces) if pieces else 0

    def _passages_holding_every(self, terms: Sequence[str]) -> int:
        """How many passages hold each of ``terms`` (index terms), in any of its forms."""
        every_term = [(tantivy.Occur.Must, self._any_form(term)) for term in dict.fromkeys(terms)]
        passages = (tantivy.Occur.Must, self._store.term(fields.KIND, fields.KIND_PASSAGE))
        return self._store.count(tantivy.Query.boolean_query([*every_term, passages]))

    def _any_form(self, term: str) -> tantivy.Query:
        """A passage body holding ``term`` in any of its surface forms."""
        return tantivy.Query.boolean_query(
            [(tantivy.Occur.Should, self._store.term(fields.BODY, form)) for form in self.query_forms([term])]
        )

    def stats(self) -> IndexStats:
        kind = fields.KIND
        return IndexStats(
            documents=self._store.count(self._store.term(kind, fields.KIND_FILE)),
            passages=self._store.count(self._store.term(kind, fields.KIND_PASSAGE)),
            roots=self._store.roots(),
        )

    def _build_query(self, searcher: tantivy.Searcher, forms: Sequence[str]) -> tantivy.Query:
        """One flat OR of term queries, only for terms the index actually holds (cheap to check,
        and it keeps the query small however many word forms were generated)."""
        clauses = []
        for field, boost in FIELD_BOOSTS.items():
            for form in forms:
                if not searcher.doc_freq(field, form):
                    continue
                query = tantivy.Query.term_query(self._schema, field, form, index_option="freq")
                clauses.append((tantivy.Occur.Should, tantivy.Query.boost_query(query, boost)))
        # Only passages are results. File records hold no searchable text, but indexes written
        # before that was so gave theirs a title; excluding by kind keeps those out too, and a
        # MustNot clause leaves the scores of the passages untouched.
        for kind in (fields.KIND_FILE, fields.KIND_ROOT):
            clauses.append((tantivy.Occur.MustNot, self._store.term(fields.KIND, kind)))
        return tantivy.Query.boolean_query(clauses)

    def _ranked_hits(self, searcher: tantivy.Searcher, query: tantivy.Query, limit: int) -> list[SearchHit]:
        hits = [
            (score, searcher.doc(address))
            for score, address in searcher.search(query, limit=limit, count=False).hits
        ]
        if not hits:
            return []
        facts = self._store.file_facts(searcher, (_doc_id(doc) for _, doc in hits))
        snippets = tantivy.SnippetGenerator.create(searcher, query, self._schema, fields.BODY)
        snippets.set_max_num_chars(SNIPPET_WINDOW_CHARS)
        return [
            _search_hit(doc, facts[_doc_id(doc)], score, snippets)
            for score, doc in hits
            if _doc_id(doc) in facts
        ]

    def _passage_records(self, query: tantivy.Query, limit: int) -> list[PassageRecord]:
        """Stored passages matching ``query``, each completed from its file record (one searcher for both)."""
        try:
            searcher = self._store.searcher()
            docs = [searcher.doc(address) for _, address in searcher.search(query, limit=limit).hits]
            docs = [doc for doc in docs if _kind(doc) == fields.KIND_PASSAGE]
            facts = self._store.file_facts(searcher, (_doc_id(doc) for doc in docs))
        except (ValueError, OSError) as error:
            raise IndexCorruptError(self._store.index_dir, str(error).splitlines()[0][:300]) from error
        return [_passage_record(doc, facts[_doc_id(doc)]) for doc in docs if _doc_id(doc) in facts]


def word_forms(term: str, stem: str) -> list[str]:
    """``term`` itself, then its stem with each common ending (and ``y``/``ies`` for stems ending
    in ``i``, as Snowball turns "policy" into "polici"). Short stems are not expanded."""
    forms = [term]
    if len(stem) < MIN_STEM_CHARS:
        return forms
    forms += [stem + ending for ending in WORD_ENDINGS]
    if stem.endswith("i"):
        forms += [stem[:-1] + "y", stem[:-1] + "ies"]
    return list(dict.fromkeys(forms))


def open_search_tool(index_dir: Path) -> SearchTool:
    """Open the index read-only. Raises IndexMissingError or IndexCorruptError (both say what to do)."""
    return SearchTool(IndexStore.open(index_dir))


def _kind(doc: tantivy.Document) -> str:
    return str(doc.get_first(fields.KIND) or "")


def _doc_id(doc: tantivy.Document) -> str:
    return str(doc.get_first(fields.DOC_ID) or "")


def _search_hit(
    doc: tantivy.Document, facts: FileFacts, score: float, snippets: tantivy.SnippetGenerator
) -> SearchHit:
    values: dict[str, Any] = doc.to_dict()
    snippet = snippets.snippet_from_doc(doc).fragment().strip()
    if not snippet:
        snippet = _leading_text(_first(values, fields.BODY, ""))
    return SearchHit(
        **_citable_fields(values, facts), snippet=snippet[:SNIPPET_MAX_CHARS], score=float(score)
    )


def _passage_record(doc: tantivy.Document, facts: FileFacts) -> PassageRecord:
    values: dict[str, Any] = doc.to_dict()
    citable = _citable_fields(values, facts)
    return PassageRecord(
        **citable, ordinal=fields.passage_ordinal(citable["id"]), text=_first(values, fields.BODY, "")
    )


def _citable_fields(values: dict[str, Any], facts: FileFacts) -> dict[str, Any]:
    """What a hit and a passage record share: everything needed to cite a passage and find it again."""
    return {
        "id": _first(values, fields.ID, ""),
        "doc_id": fields.document_of(_first(values, fields.ID, "")),
        "title": _first(values, fields.TITLE, ""),
        "path": facts.path,
        "heading": _first(values, fields.HEADING, ""),
        "page": _first(values, fields.PAGE, 0) or None,
        "modified_at": facts.modified_at,
    }


def _first(values: dict[str, Any], field: str, default: Any) -> Any:
    found = values.get(field)
    return found[0] if found else default


def _leading_text(body: str) -> str:
    if len(body) <= SNIPPET_WINDOW_CHARS:
        return body
    return body[:SNIPPET_WINDOW_CHARS].rsplit(" ", 1)[0] + " …"
