"""Which words of a search query to highlight in a passage, so the user sees why it matched."""

from __future__ import annotations

import re

# Query syntax words and very short words carry no meaning worth highlighting.
_QUERY_OPERATORS = {"and", "or", "not"}
_WORD = re.compile(r"\w+", re.UNICODE)
_MIN_TERM_CHARS = 2


def query_words(query: str) -> list[str]:
    """The distinct words of a query, lower-cased, without operators or field prefixes, longest first."""
    terms: list[str] = []
    for raw in _WORD.findall(query.replace(":", " ")):
        term = raw.lower()
        if len(term) >= _MIN_TERM_CHARS and term not in _QUERY_OPERATORS and term not in terms:
            terms.append(term)
    return sorted(terms, key=len, reverse=True)


def term_pattern(terms: list[str]) -> re.Pattern[str] | None:
    """A case-insensitive pattern matching any term at a word start (so 'loop' marks 'loops' too)."""
    if not terms:
        return None
    alternatives = "|".join(re.escape(term) for term in terms)
    return re.compile(rf"\b(?:{alternatives})\w*", re.IGNORECASE)


def term_spans(text: str, terms: list[str]) -> list[tuple[int, int]]:
    """Character spans of ``text`` to highlight: words starting with any of ``terms``.

    The terms come from the index's own analyzer when it is available (what the search really matched on),
    else from :func:`query_words`.
    """
    pattern = term_pattern(sorted({term.lower() for term in terms if term}, key=len, reverse=True))
    if pattern is None:
        return []
    return [match.span() for match in pattern.finditer(text)]
