"""PDFs through pypdfium2 (PDFium, the engine in Chrome): one section per page, in reading order.

PDFium returns a page's text in the order the page's content stream draws it. Most generators draw
a two-column page column by column, but some draw it line by line across the page, and then the
text of the two columns is interleaved line by line. So each page's text rectangles (PDFium's runs of
text on one line) are looked at first: when they leave one or more vertical gutters free — several
lines on each side, each line filling most of its column — the page is read column by column, with
anything that crosses a gutter (a title, a wide figure caption) kept in its place between them. A page
without columns keeps PDFium's own order.

The text is then cleaned the way a reader sees it: typographic ligatures (ﬁ, ﬂ, ﬀ...) become their
letters, and a word hyphenated at a line end is joined again. PDFium marks a hyphen it found at a
line end with U+FFFE (and joins the lines); a plain hyphen before a line break is treated the same.
The hyphen is kept when the next word starts with a capital or a digit ("Jean-\\nPaul", "1990-\\n1995"),
and dropped before a lower-case letter, which rejoins "infor-\\nmation" and also turns a compound
broken at its hyphen ("well-\\nknown") into one word: the rarer loss of the two.

A document whose pages carry no text at all (a scan without a text layer) comes back with no sections;
the loader reports it as "no text (scanned?)".
"""

from __future__ import annotations

import itertools
import re
import statistics
from collections.abc import Iterator
from dataclasses import dataclass

import pypdfium2

from corpus.documents import ExtractedDocument, Section, SkipReason
from corpus.formats import clip_title
from corpus.reading import RefusedFile

LIGATURES = str.maketrans(
    {
        "\ufb00": "ff",
        "\ufb01": "fi",
        "\ufb02": "fl",
        "\ufb03": "ffi",
        "\ufb04": "ffl",
        "\ufb05": "st",
        "\ufb06": "st",
    }
)
# A letter, a line-end hyphen (PDFium's U+FFFE mark, U+0002, a soft hyphen, or a hyphen before a line
# break), then the next line's first letter.
_LINE_END_HYPHEN = re.compile(r"(?<=[^\W\d_])(?:[\ufffe\x02\u00ad]|[-\u2010]\n)[ \t]*(?=(\w))")
# Columns: a gutter is at least this wide, and each column needs this many lines filling this much of it.
MIN_GUTTER_PT = 8.0
MIN_COLUMN_LINES = 3
MIN_LINE_FILL = 0.5
MIN_RECTS_FOR_COLUMNS = 8


def extract_pdf(data: bytes, fallback_title: str) -> ExtractedDocument:
    """One section per page (1-based page numbers); the title from metadata, else the first line."""
    try:
        document = pypdfium2.PdfDocument(data)
    except pypdfium2.PdfiumError as error:
        if "password" in str(error).lower():
            raise RefusedFile(SkipReason.ENCRYPTED, "password-protected PDF") from error
        raise RefusedFile(SkipReason.BAD_PDF, str(error)) from error
    try:
        sections = list(_pdf_pages(document))
        title = clip_title(document.get_metadata_dict().get("Title", ""))
    except pypdfium2.PdfiumError as error:
        raise RefusedFile(SkipReason.BAD_PDF, str(error)) from error
    finally:
        document.close()
    if not title and sections:
        title = clip_title(next(iter(sections[0].text.splitlines()), ""))
    return ExtractedDocument(title=title or fallback_title, sections=sections)


def _pdf_pages(document: pypdfium2.PdfDocument) -> Iterator[Section]:
    for number, page in enumerate(document, start=1):
        textpage = page.get_textpage()
        try:
            text = clean_pdf_text(page_text(textpage))
        finally:
            textpage.close()
            page.close()
        if text:
            yield Section(headings=(), text=text, page=number)


def clean_pdf_text(text: str) -> str:
    """Line breaks normalised, ligatures spelled out, line-end hyphenation joined."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").translate(LIGATURES)
    text = _LINE_END_HYPHEN.sub(_joined_hyphen, text)
    return text.replace("\ufffe", "-").replace("\x02", "-").strip()


def _joined_hyphen(match: re.Match[str]) -> str:
    return "" if match.group(1).islower() else "-"


@dataclass(frozen=True, slots=True)
class TextRect:
    left: float
    bottom: float
    right: float
    top: float
    text: str

    @property
    def middle(self) -> float:
        return (self.bottom + self.top) / 2


def page_text(textpage: pypdfium2.PdfTextPage) -> str:
    """The page's text, column by column when the page has columns, else in PDFium's order."""
    count = textpage.count_rects()
    if count < MIN_RECTS_FOR_COLUMNS:
        return str(textpage.get_text_range())
    rects = [_rect(textpage.get_rect(index)) for index in range(count)]
    gutters = find_gutters(rects)
    if not gutters:
        return str(textpage.get_text_range())
    rects = [
        TextRect(rect.left, rect.bottom, rect.right, rect.top, str(textpage.get_text_bounded(*_box(rect))))
        for rect in rects
    ]
    return "\n".join(_lines(ordered_by_columns(rects, gutters)))


def _rect(box: tuple[float, float, float, float]) -> TextRect:
    left, bottom, right, top = box
    return TextRect(left, bottom, right, top, "")


def _box(rect: TextRect) -> tuple[float, float, float, float]:
    return rect.left, rect.bottom, rect.right, rect.top


def find_gutters(rects: list[TextRect]) -> list[float]:
    """The x positions of the gutters between columns, or [] for a page without columns."""
    left, right = min(rect.left for rect in rects), max(rect.right for rect in rects)
    width = right - left
    narrow = [rect for rect in rects if rect.right - rect.left < 0.6 * width]
    covered = sorted((rect.left, rect.right) for rect in narrow)
    gaps, reach = [], left
    for start, end in covered:
        if start - reach >= MIN_GUTTER_PT and reach > left:
            gaps.append((reach + start) / 2)
        reach = max(reach, end)
    gaps = [gap for gap in gaps if left + 0.2 * width < gap < right - 0.2 * width]
    return gaps if gaps and _columns_are_text(narrow, [left, *gaps, right]) else []


def _columns_are_text(rects: list[TextRect], edges: list[float]) -> bool:
    """Each column has several lines that fill most of its width: text, not a table of short cells."""
    for start, end in itertools.pairwise(edges):
        widths = [rect.right - rect.left for rect in rects if start <= rect.left and rect.right <= end]
        if len(widths) < MIN_COLUMN_LINES or statistics.median(widths) < MIN_LINE_FILL * (end - start):
            return False
    return True


def ordered_by_columns(rects: list[TextRect], gutters: list[float]) -> list[TextRect]:
    """Top to bottom in bands separated by rects that cross a gutter; within a band, column by column."""
    ordered: list[TextRect] = []
    band: list[TextRect] = []
    for rect in sorted(rects, key=lambda rect: (-rect.top, rect.left)):
        if any(rect.left < gutter < rect.right for gutter in gutters):
            ordered += [*_by_column(band, gutters), rect]
            band = []
        else:
            band.append(rect)
    return ordered + _by_column(band, gutters)


def _by_column(rects: list[TextRect], gutters: list[float]) -> list[TextRect]:
    def column(rect: TextRect) -> int:
        return sum(rect.left >= gutter for gutter in gutters)

    return sorted(rects, key=lambda rect: (column(rect), -rect.middle, rect.left))


def _lines(rects: list[TextRect]) -> Iterator[str]:
    """Rects on the same line (overlapping vertically, in order) joined with a space, a line per line."""
    line: list[TextRect] = []
    for rect in rects:
        if line and not (rect.bottom < line[-1].middle < rect.top and rect.left >= line[-1].right - 1):
            yield " ".join(piece.text.strip() for piece in line)
            line = []
        line.append(rect)
    if line:
        yield " ".join(piece.text.strip() for piece in line)
