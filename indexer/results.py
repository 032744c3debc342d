"""What the search tool returns: plain pydantic models, so no Tantivy type leaves this package."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

QUERY_MIN_CHARS = 2
QUERY_MAX_CHARS = 200
LIMIT_DEFAULT = 5
LIMIT_MIN = 1
LIMIT_MAX = 10
SNIPPET_MAX_CHARS = 400


def query_within_limit(text: str, limit: int = QUERY_MAX_CHARS) -> str:
    """``text`` with its runs of whitespace made single spaces and cut at a word boundary to ``limit`` characters
    (QUERY_MAX_CHARS, or less to leave room for a word added after it): how a user's question becomes a query. A
    question may be longer than a query may be; the agent's question search, the no-agent baselines and the
    benchmarks all cut it this one way."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit + 1].rsplit(" ", 1)[0]
    return cut[:limit]


class SearchQueryError(ValueError):
    """The query or limit failed validation; the message says why in one line, safe to show a model."""


class SearchHit(BaseModel):
    """One passage that matched: enough to cite it (id, path, heading, page) and to judge it (snippet)."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(description="Passage ID, 'docid:n'.")
    doc_id: str = Field(
        description="The document: a file's ID, or 'docid/n' for a file's n-th further document (a message of a mailbox, an attachment)."
    )
    title: str
    path: str = Field(description="The file's path as the user knows it.")
    heading: str = Field(default="", description="Heading path inside the document, ' > '-joined.")
    page: int | None = Field(
        default=None, description="1-based PDF page or slide number, when the source has pages."
    )
    snippet: str = Field(description="A fragment around the matched terms, at most ~400 characters.")
    is_fragment: Literal[True] = True
    modified_at: datetime
    score: float


class SearchResults(BaseModel):
    """The search tool's whole answer to one query, ordered by BM25 score."""

    model_config = ConfigDict(frozen=True)

    query: str
    searched_at: datetime
    items: list[SearchHit]


class PassageRecord(BaseModel):
    """One stored passage in full: what the agent reads past the snippet and the source viewer shows."""

    model_config = ConfigDict(frozen=True)

    id: str
    doc_id: str
    title: str
    path: str
    heading: str = ""
    page: int | None = None
    ordinal: int = Field(description="0-based position of the passage in its document.")
    text: str
    modified_at: datetime


class RootInfo(BaseModel):
    """One indexed folder and how much of the index it accounts for."""

    model_config = ConfigDict(frozen=True)

    path: str
    documents: int
    passages: int
    updated_at: datetime | None = Field(default=None, description="End of the last run that indexed it.")


class IndexStats(BaseModel):
    """What the index holds right now (its last commit)."""

    model_config = ConfigDict(frozen=True)

    documents: int
    passages: int
    roots: list[RootInfo]
