"""Cut a document's sections into passages of a few hundred words on paragraph boundaries.

A passage never spans two sections, so its heading path (and PDF page) is exact: a citation points
at the place in the document the words came from. Sizes are measured in characters (about six per
English word) rather than by splitting text into words, and cut points are found with string
searches rather than by listing every paragraph. Paragraph text is kept as written (line breaks in
code blocks survive).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from corpus.documents import ExtractedDocument, Passage

TARGET_CHARS = 1200
MAX_CHARS = 2000
HEADING_SEPARATOR = " > "
PARAGRAPH_BREAK = "\n\n"
# A blank line (whitespace-only lines included) and the blank space after it: one paragraph break.
# The pattern starts with a literal newline on purpose: a leading ``\s*`` made the regex engine try a
# match at every whitespace character, and normalising took longer than all the rest of the cutting.
_PARAGRAPH_GAP = re.compile(r"\n[ \t\r\f\v]*\n[ \t\r\f\v\n]*")


def split_passages(document: ExtractedDocument) -> list[Passage]:
    passages: list[Passage] = []
    for section in document.sections:
        heading = HEADING_SEPARATOR.join(section.headings)
        for text in section_chunks(section.text):
            passages.append(Passage(ordinal=len(passages), heading=heading, text=text, page=section.page))
    return passages


def section_chunks(text: str) -> Iterator[str]:
    """Greedily pack paragraphs until a piece reaches TARGET_CHARS, never past MAX_CHARS.

    The cut points are found with ``str.find``/``rfind`` on the normalised text rather than by
    splitting it into paragraphs first: most sections fit in one passage and need no cut at all,
    and a list of every paragraph was a fifth of the extraction time on the kernel documentation.
    """
    text = _PARAGRAPH_GAP.sub(PARAGRAPH_BREAK, text).strip()
    start = 0
    while len(text) - start > TARGET_CHARS:
        cut = _cut_point(text, start)
        piece = text[start:cut].strip()
        if piece:
            yield piece
        start = cut
    tail = text[start:].strip()
    if tail:
        yield tail


def _cut_point(text: str, start: int) -> int:
    """Where the passage starting at ``start`` ends: at the first paragraph break past the target,
    else the last one that keeps it within MAX_CHARS, else (one overlong paragraph) at a space."""
    limit = start + MAX_CHARS
    first_after_target = text.find(PARAGRAPH_BREAK, start + TARGET_CHARS, limit)
    if first_after_target >= 0:
        return first_after_target
    if len(text) <= limit:
        return len(text)
    last_that_fits = text.rfind(PARAGRAPH_BREAK, start, limit)
    if last_that_fits > start:
        return last_that_fits
    space = text.rfind(" ", start + TARGET_CHARS // 2, start + TARGET_CHARS)
    return space if space > start else start + TARGET_CHARS
