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

A PDF made by TeX with its old Type 1 fonts and no map from glyphs to Unicode hands over its ligatures as the
font's own codes, control characters 11, 12, 14 and 15 (ff, fi, ffi, ffl): "specific" arrives as "speci\\x0cc",
which the index splits and no search finds. Beside a letter they are spelled out too (decision 0151). Code 13
(fl) is also PDFium's line end (before a line feed) and the circle of a copyright sign drawn by TeX's symbol font
("Copyright \\rc 1998"), so it is spelled out only where neither can be: never before a line feed or a lone "c",
and otherwise between two letters or before a lower-case one ("\\rexible", "con\\rict", "\\ry"; decision 0158).

A document whose pages carry no text at all (a scan without a text layer) comes back with no sections;
the loader reports it as "no text (scanned?)".
"""

from __future__ import annotations

import ctypes
import itertools
import re
import statistics
from collections.abc import Iterator
from typing import NamedTuple

import pypdfium2
import pypdfium2.raw as pdfium_c

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
_LIGATURE = re.compile("[\ufb00-\ufb06]")
# TeX's text fonts (the OT1 encoding) put ff, fi, ffi and ffl at codes 11, 12, 14 and 15; without a Unicode map
# PDFium returns the codes themselves. Only beside a letter: a control character elsewhere is not a ligature.
TEX_LIGATURES = {"\x0b": "ff", "\x0c": "fi", "\x0e": "ffi", "\x0f": "ffl"}
# The code comes first in the pattern so the engine scans for it quickly: led by a look-behind, it ran 13 times as
# long over the same text.
_TEX_LIGATURE = re.compile(r"[\x0b\x0c\x0e\x0f](?:(?<=[^\W\d_].)|(?=[^\W\d_]))")
# Code 13 (fl) where it can be nothing else. PDFium ends a line with code 13 and a line feed, so a lone one is a
# character of the page; a copyright circle stands before a lone "c". So, never before a lone "c": between two
# letters, or before a lower-case one (the ligature is lower case).
# A letter after it is tested first: it fails at once on the line ends that make up nearly every match attempt.
_TEX_FL = re.compile(r"\r(?=[^\W\d_])(?!c(?![^\W\d_]))(?:(?<=[^\W\d_]\r)|(?=[a-z]))")
# A letter, a line-end hyphen (PDFium's U+FFFE mark, U+0002, a soft hyphen, or a hyphen before a line
# break), then the next line's first letter.
_LINE_END_HYPHEN = re.compile(r"(?<=[^\W\d_])(?:[\ufffe\x02\u00ad]\n?|[-\u2010]\n)[ \t]*(?=(\w))")
# Columns: a gutter is at least this wide, and each column needs this many lines filling this much of it.
MIN_GUTTER_PT = 8.0
MIN_COLUMN_LINES = 3
MIN_LINE_FILL = 0.5
MIN_RECTS_FOR_COLUMNS = 8
# Lines crossing a gutter (titles, abstracts): at most one line in this many, or this many lines.
MAX_CROSSING_SHARE = 4
MIN_CROSSING_LINES = 2
# Gutters are looked for away from the text's left and right edges (this share of its width).
EDGE_SHARE = 0.15
CHAR_TOLERANCE_PT = 2.0
# A page whose rects cannot be placed in its text this often keeps PDFium's order.
MAX_UNPLACED_SHARE = 0.1


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
    if "\r" in text:
        text = _TEX_FL.sub("fl", text).replace("\r\n", "\n").replace("\r", "\n")
    if _LIGATURE.search(text):  # rare, and translate() looks up every character of the page
        text = text.translate(LIGATURES)
    text = _TEX_LIGATURE.sub(lambda match: TEX_LIGATURES[match.group()], text)
    text = _LINE_END_HYPHEN.sub(_joined_hyphen, text)
    return text.replace("\ufffe", "-").replace("\x02", "-").strip()


def _joined_hyphen(match: re.Match[str]) -> str:
    return "" if match.group(1).islower() else "-"


class TextRect(NamedTuple):
    """A run of text on one line, as PDFium reports it (PDF units, y upwards), with its text once known.
    A tuple rather than a frozen dataclass: pages hold hundreds, and building them is per-page cost."""

    left: float
    bottom: float
    right: float
    top: float
    text: str

    @property
    def middle(self) -> float:
        return (self.bottom + self.top) / 2


def page_text(textpage: pypdfium2.PdfTextPage) -> str:
    """The page's text, column by column when the page has columns, else in PDFium's order.

    PDFium's rects follow its character order, each a run of characters on one line, so each rect's text
    is the slice of the page's text from its first character to the next rect's first character (found
    by position). When that mapping is not clean (overlapping text, characters outside the Basic
    Multilingual Plane shifting indices), the page keeps PDFium's order rather than risk garbling it."""
    text = str(textpage.get_text_range())
    count = textpage.count_rects()
    if count < MIN_RECTS_FOR_COLUMNS or len(text) != textpage.count_chars():
        return text
    rects = _rects(textpage, count)
    lines = len(_line_widths(rects))
    gutters = find_gutters(rects, lines)
    if not gutters or not interleaved(rects, gutters, lines):
        return text
    placed = _with_text(textpage, rects, text)
    if not placed:
        return text
    return "\n".join(_joined(line) for line in ordered_by_columns(placed, gutters))


def interleaved(rects: list[TextRect], gutters: list[float], lines: int) -> bool:
    """True when PDFium's order (the rects' order) jumps between columns line after line. Most
    generators draw a column at a time, and then PDFium's own text is kept as it is: rebuilding it from
    rects is right about the order but can split a word where a line was cut into rects oddly."""
    columns = [_column_of(rect, gutters) for rect in rects if not _crosses(rect, gutters)]
    switches = sum(before != after for before, after in itertools.pairwise(columns))
    return switches > max(MIN_CROSSING_LINES * 2, lines // MAX_CROSSING_SHARE)


def _with_text(textpage: pypdfium2.PdfTextPage, rects: list[TextRect], text: str) -> list[TextRect]:
    """Each rect with its slice of the page text; [] when too many rects cannot be placed in the text.
    A rect whose first character is not found at its edge (a run of spaces, a tiny glyph) or that does
    not start after the previous one is folded into the previous rect's slice."""
    kept: list[tuple[TextRect, int]] = []
    for rect in rects:
        start = _first_char(textpage, rect)
        if start > (kept[-1][1] if kept else -1):
            kept.append((rect, start))
    if not kept or len(kept) < (1 - MAX_UNPLACED_SHARE) * len(rects):
        return []
    bounds = [0, *(start for _, start in kept[1:]), len(text)]
    return [
        rect._replace(text=text[begin:end])
        for (rect, _), begin, end in zip(kept, bounds, bounds[1:], strict=False)
    ]


def _first_char(textpage: pypdfium2.PdfTextPage, rect: TextRect) -> int:
    """The index of the character at the rect's left edge, or -1."""
    inset = min(0.25, (rect.right - rect.left) / 2)
    found = textpage.get_index(rect.left + inset, rect.middle, CHAR_TOLERANCE_PT, CHAR_TOLERANCE_PT)
    return -1 if found is None else int(found)


def _rects(textpage: pypdfium2.PdfTextPage, count: int) -> list[TextRect]:
    """Every text rect of the page, read through PDFium's C API with four reused doubles (the helper
    method allocates four per rect)."""
    left, top, right, bottom = (ctypes.c_double() for _ in range(4))
    rects = []
    for index in range(count):
        if pdfium_c.FPDFText_GetRect(textpage.raw, index, left, top, right, bottom):
            rects.append(TextRect(left.value, bottom.value, right.value, top.value, ""))
    return rects


def _rect(box: tuple[float, float, float, float]) -> TextRect:
    left, bottom, right, top = box
    return TextRect(left, bottom, right, top, "")


def _box(rect: TextRect) -> tuple[float, float, float, float]:
    return rect.left, rect.bottom, rect.right, rect.top


def find_gutters(rects: list[TextRect], lines: int) -> list[float]:
    """The x positions of the gutters between columns, or [] for a page without columns (``lines``:
    how many lines the rects form).

    A gutter is a vertical strip, away from the page's edges, that almost no text crosses: a sweep
    over the rects' left and right edges counts how many rects cover each stretch of x. A few may
    cross it (a title, an abstract, a wide caption: they are read in place between the columns), so a
    stretch counts as free while it is covered on at most a quarter of the page's lines. On a page of
    ordinary single-column text nearly every line covers every stretch wide enough to be a gutter."""
    left, right = min(rect.left for rect in rects), max(rect.right for rect in rects)
    width = right - left
    allowed = max(MIN_CROSSING_LINES, lines // MAX_CROSSING_SHARE)
    edges = sorted([(rect.left, 1) for rect in rects] + [(rect.right, -1) for rect in rects])
    gutters, covering, free_from = [], 0, None
    for x, step in edges:
        if free_from is not None and covering + step > allowed:
            if (
                x - free_from >= MIN_GUTTER_PT
                and left + EDGE_SHARE * width < (free_from + x) / 2 < right - EDGE_SHARE * width
            ):
                gutters.append((free_from + x) / 2)
            free_from = None
        covering += step
        if free_from is None and covering <= allowed:
            free_from = x
    inside = [rect for rect in rects if not any(rect.left < gutter < rect.right for gutter in gutters)]
    return gutters if gutters and _columns_are_text(inside, [left, *gutters, right]) else []


def _columns_are_text(rects: list[TextRect], edges: list[float]) -> bool:
    """Each column has several lines that fill most of its width: text, not a table of short cells.
    PDFium often cuts a justified line into several rects, so rects are joined into lines first."""
    for start, end in itertools.pairwise(edges):
        widths = _line_widths([rect for rect in rects if start <= rect.left and rect.right <= end])
        if len(widths) < MIN_COLUMN_LINES or statistics.median(widths) < MIN_LINE_FILL * (end - start):
            return False
    return True


def _line_widths(rects: list[TextRect]) -> list[float]:
    """The width of each line the rects form (rects sharing a line overlap vertically)."""
    widths: list[float] = []
    bottom = top = left = right = 0.0
    for rect in sorted(rects, key=lambda rect: -rect.top):
        middle = (rect.bottom + rect.top) / 2
        if widths and bottom <= middle <= top:
            left, right = min(left, rect.left), max(right, rect.right)
            widths[-1] = right - left
        else:
            bottom, top, left, right = rect.bottom, rect.top, rect.left, rect.right
            widths.append(right - left)
    return widths


def ordered_by_columns(rects: list[TextRect], gutters: list[float]) -> list[list[TextRect]]:
    """The page's lines in reading order. A line with a rect crossing a gutter (a title, an abstract)
    is read whole, in place; the column lines between two such lines form a band, read column by column.
    Lines are formed within each column, so columns whose baselines do not align cannot mix."""
    crossing = [rect for rect in rects if _crosses(rect, gutters)]
    spanning = page_lines(crossing)
    columns: list[list[TextRect]] = [[] for _ in range(len(gutters) + 1)]
    for rect in rects:
        if _crosses(rect, gutters):
            continue
        host = next((line for line in spanning if line[0].bottom <= rect.middle <= line[0].top), None)
        if host is not None:
            host.append(rect)  # the part of a title that happens not to cross the gutter
        else:
            columns[_column_of(rect, gutters)].append(rect)
    column_lines = [page_lines(column) for column in columns]
    ordered: list[list[TextRect]] = []
    ceiling = float("inf")
    for line in [*sorted(spanning, key=lambda line: -line[0].top), None]:
        floor = line[0].top if line is not None else float("-inf")
        for lines in column_lines:
            ordered += [each for each in lines if floor < each[0].middle <= ceiling]
        if line is not None:
            ordered.append(sorted(line, key=lambda rect: rect.left))
            ceiling = line[0].bottom
    return ordered


def _column_of(rect: TextRect, gutters: list[float]) -> int:
    return sum(rect.left >= gutter for gutter in gutters)


def _crosses(rect: TextRect, gutters: list[float]) -> bool:
    return any(rect.left < gutter < rect.right for gutter in gutters)


def page_lines(rects: list[TextRect]) -> list[list[TextRect]]:
    """Rects grouped into lines, top to bottom, each line left to right. A rect joins the line whose first
    (tallest) rect its middle lies within: a small glyph cut out of a word (a kerned "v") has a lower top
    but the same line."""
    lines: list[list[TextRect]] = []
    for rect in sorted(rects, key=lambda rect: -rect.top):
        if lines and lines[-1][0].bottom <= rect.middle <= lines[-1][0].top:
            lines[-1].append(rect)
        else:
            lines.append([rect])
    return [sorted(line, key=lambda rect: rect.left) for line in lines]


def _joined(line: list[TextRect]) -> str:
    """One line's text. PDFium cuts a line into rects even inside a word (kerning, a font change), and its
    text already holds the spaces between words (a line break it saw becomes a space), so the slices are
    joined as they are."""
    return " ".join("".join(rect.text.replace("\r\n", " ") for rect in line).split())
