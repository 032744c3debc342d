"""How the agent cuts text into words and finds source labels: one definition each, used by every rule.

Key words, evidence, answer ranking, the answer filter and the question's shape must agree on what a word is, or
a word one rule counts is one another rule never sees.
"""

from __future__ import annotations

import re

_WORD = re.compile(r"\w+")
_HYPHENATED_WORD = re.compile(r"[\w-]+")

LABEL = r"S[1-9]\d*"
"""A source label as the tool hands it out: S1, S2, ..."""
LABEL_ANYWHERE = re.compile(rf"\b{LABEL}\b")
CITED_LABEL = re.compile(rf"\[{LABEL}\]")
"""A label cited inline, in brackets: "... [S2]"."""

ABBREVIATION = r"\b(?:e\.g|i\.e|cf|vs)\."
"""An abbreviation whose full stop does not end its sentence ("a value within a range (e.g. a percentage) ..."), as
a regular expression (read case-insensitively): the answer checker does not cut there, and the answer filter reads
across it (``agent.fitness.speaks_to_software``)."""
ENDS_IN_AN_ABBREVIATION = re.compile(ABBREVIATION + "$", re.IGNORECASE)


def words(text: str) -> list[str]:
    """The runs of letters, digits and underscores in ``text``, as written."""
    return _WORD.findall(text)


def folded_words(text: str) -> list[str]:
    """:func:`words`, case-folded: how every rule compares words."""
    return _WORD.findall(text.casefold())


def hyphenated_words(text: str) -> list[str]:
    """Words that keep their inner hyphens (``max-age``, ``--force``): how a value or a name is read whole."""
    return _HYPHENATED_WORD.findall(text)


def is_label(text: str) -> bool:
    return re.fullmatch(LABEL, text) is not None
