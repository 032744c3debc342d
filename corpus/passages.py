"""Cut a document's sections into passages of a few hundred words on paragraph boundaries.

A passage never spans two sections, so its heading path (and PDF page) is exact: a citation points
at the place in the document the words came from.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from corpus.documents import ExtractedDocument, Passage, Section

TARGET_WORDS = 200
MAX_WORDS = 320
HEADING_SEPARATOR = " > "
_PARAGRAPH_BREAK = re.compile(r"\n[ \t\r\f\v]*\n")


def split_passages(document: ExtractedDocument) -> list[Passage]:
    passages: list[Passage] = []
    for section in document.sections:
        heading = HEADING_SEPARATOR.join(section.headings)
        for text in _section_chunks(section):
            passages.append(Passage(ordinal=len(passages), heading=heading, text=text, page=section.page))
    return passages


def _section_chunks(section: Section) -> Iterator[str]:
    """Greedily pack paragraphs up to ~TARGET_WORDS; split any paragraph longer than MAX_WORDS."""
    pending: list[str] = []
    pending_words = 0
    for paragraph in _paragraphs(section.text):
        words = paragraph.split()
        if len(words) > MAX_WORDS:
            if pending:
                yield "\n\n".join(pending)
                pending, pending_words = [], 0
            yield from _word_windows(words)
            continue
        if pending and pending_words + len(words) > MAX_WORDS:
            yield "\n\n".join(pending)
            pending, pending_words = [], 0
        pending.append(" ".join(words))
        pending_words += len(words)
        if pending_words >= TARGET_WORDS:
            yield "\n\n".join(pending)
            pending, pending_words = [], 0
    if pending:
        yield "\n\n".join(pending)


def _paragraphs(text: str) -> Iterator[str]:
    for paragraph in _PARAGRAPH_BREAK.split(text):
        if paragraph and not paragraph.isspace():
            yield paragraph


def _word_windows(words: list[str]) -> Iterator[str]:
    for start in range(0, len(words), TARGET_WORDS):
        yield " ".join(words[start : start + TARGET_WORDS])
