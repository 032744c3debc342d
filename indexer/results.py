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


class SearchQueryError(ValueError):
    """The query or limit failed validation; the message says why in one line, safe to show a model."""


class SearchHit(BaseModel):
    """One passage that matched: enough to cite it (id, path, heading, page) and to judge it (snippet)."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(description="Passage ID, 'docid:n'.")
    doc_id: str
    title: str
    path: str = Field(description="The file's path as the user knows it.")
    heading: str = Field(default="", description="Heading path inside the document, ' > '-joined.")
    page: int | None = Field(default=None, description="1-based PDF page, when the source is a PDF.")
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
