"""Cut a document's sections into passages of a few hundred words on paragraph boundaries.

A passage never spans two sections, so its heading path (and PDF page) is exact: a citation points
at the place in the document the words came from. Sizes are measured in characters (about six per
English word) rather than by splitting every paragraph into words: splitting was a fifth of the
indexing time. Paragraph text is kept as written (line breaks in code blocks survive).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from corpus.documents import ExtractedDocument, Passage, Section

TARGET_CHARS = 1200
MAX_CHARS = 2000
HEADING_SEPARATOR = " > "
PARAGRAPH_JOINER = "\n\n"
_PARAGRAPH_BREAK = re.compile(r"\n[ \t\r\f\v]*\n")


def split_passages(document: ExtractedDocument) -> list[Passage]:
    passages: list[Passage] = []
    for section in document.sections:
        heading = HEADING_SEPARATOR.join(section.headings)
        for text in _section_chunks(section):
            passages.append(Passage(ordinal=len(passages), heading=heading, text=text, page=section.page))
    return passages


def _section_chunks(section: Section) -> Iterator[str]:
    """Greedily pack paragraphs up to ~TARGET_CHARS; cut any paragraph longer than MAX_CHARS."""
    pending: list[str] = []
    pending_chars = 0
    for paragraph in _paragraphs(section.text):
        if len(paragraph) > MAX_CHARS:
            if pending:
                yield PARAGRAPH_JOINER.join(pending)
                pending, pending_chars = [], 0
            yield from _windows(paragraph)
            continue
        if pending and pending_chars + len(paragraph) > MAX_CHARS:
            yield PARAGRAPH_JOINER.join(pending)
            pending, pending_chars = [], 0
        pending.append(paragraph)
        pending_chars += len(paragraph)
        if pending_chars >= TARGET_CHARS:
            yield PARAGRAPH_JOINER.join(pending)
            pending, pending_chars = [], 0
    if pending:
        yield PARAGRAPH_JOINER.join(pending)


def _paragraphs(text: str) -> Iterator[str]:
    for paragraph in _PARAGRAPH_BREAK.split(text):
        stripped = paragraph.strip()
        if stripped:
            yield stripped


def _windows(paragraph: str) -> Iterator[str]:
    """Pieces of about TARGET_CHARS, cut at the last whitespace before the limit when there is one."""
    start = 0
    while len(paragraph) - start > MAX_CHARS:
        cut = paragraph.rfind(" ", start + TARGET_CHARS // 2, start + TARGET_CHARS)
        end = cut if cut > start else start + TARGET_CHARS
        yield paragraph[start:end].strip()
        start = end
    tail = paragraph[start:].strip()
    if tail:
        yield tail
