"""What the loop needs from search: one method. The indexer's ``SearchTool`` satisfies it; so can a test double.

The tool validates its own input (2-200 characters, limit clamped) and raises ``SearchQueryError`` with a
one-line message that is safe to show the model; the loop turns any other exception into a generic message so
no stack trace or file path outside the corpus reaches the model.
"""

from __future__ import annotations

from typing import Protocol

from agent.evidence import normalised
from indexer.results import SearchQueryError, SearchResults

SAFE_ERROR_MAX_CHARS = 200


class SearchBackend(Protocol):
    """The single tool the agent may use. Its set is fixed here, in code; no document can add to it."""

    def search(self, query: str, limit: int) -> SearchResults: ...


def normalised_query(query: str) -> str:
    """A query's identity for repeat detection: case-folded, punctuation and word order ignored."""
    return normalised(query)


def safe_tool_error(error: Exception) -> str:
    """A one-line message the model may see: validation messages verbatim, anything else generic."""
    if isinstance(error, SearchQueryError):
        first_line = (str(error).splitlines() or ["invalid query"])[0]
        return first_line[:SAFE_ERROR_MAX_CHARS]
    return f"the search tool failed ({type(error).__name__}); try a different query"
