"""Turn decoded document text into a title and heading-aware sections, one function per format.

HTML goes through selectolax's lexbor backend (a C HTML5 parser: fast, no Python recursion, so 10 MB
of nested tags cannot blow the stack). PDFs are read in :mod:`corpus.pdf`, the other binary formats in
their own modules (one per family, each owning its library). Markdown and reStructuredText headings are parsed
line by line: we only need the heading structure, not a full renderer.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterator
from itertools import accumulate, repeat

from selectolax.lexbor import LexborHTMLParser, LexborNode

from corpus.documents import ExtractedDocument, Section, SkipReason
from corpus.reading import RefusedFile

TITLE_MAX_CHARS = 200

# Chrome inside <body> (the <head> is never read), removed in two steps: first elements with a
# navigation-like role= (checked in Python: the selector over-matches), which on generated sites hold most
# of the markup (a Sphinx page's sidebar repeats the whole table of contents), then the chrome tags. Lexbor
# matches each selector of a list in its own pass over the tree, so the second step's eleven passes run
# over the smaller tree (a quarter less time on the kernel documentation, same text).
_ROLE_SELECTOR = "[role]"
_CHROME_ROLES = frozenset({"navigation", "banner", "contentinfo", "search"})
_CHROME_SELECTOR = "script,style,noscript,template,svg,nav,header,footer,aside,form,iframe,.headerlink"
# Elements after which a paragraph ends. Generic containers (div, section) do not end one: their text is mostly
# made of these, and a paragraph end at each would cut passages at every wrapper; they end a line (below).
_BLOCK_SELECTOR = "p,li,pre,dt,dd,blockquote,tr,br"
# Containers whose text never runs into the text around them: without a separator a keyword's <div> runs into
# the description after it ("daemon" + "makes the process fork" read as "daemonmakes": 664 such words in
# HAProxy's manual). A space before and a line end after, never a paragraph end, so passages are cut where
# they were.
_LINE_END_SELECTOR = "div,section,article,main,figure,figcaption,caption,details,summary,address"
_HEADING_SELECTOR = "h1,h2,h3,h4,h5,h6"
MAX_MARKED_BLOCKS = 100_000
_MARK_START, _MARK_END = "\x1e", "\x1f"
_HEADING_MARK = re.compile("\x1e([1-6])([^\x1f]*)\x1f")


class HeadingTrail:
    """The current heading path: a new heading at level N replaces everything at level N or deeper."""

    def __init__(self) -> None:
        self._levels: list[tuple[int, str]] = []

    def enter(self, level: int, heading: str) -> None:
        while self._levels and self._levels[-1][0] >= level:
            self._levels.pop()
        self._levels.append((level, heading))

    def path(self) -> tuple[str, ...]:
        return tuple(heading for _, heading in self._levels)


class SectionCollector:
    """Accumulates body lines under the current heading path and emits non-empty sections."""

    def __init__(self) -> None:
        self.trail = HeadingTrail()
        self.sections: list[Section] = []
        self.first_heading = ""
        self._lines: list[str] = []

    def heading(self, level: int, text: str) -> None:
        self.flush()
        text = clip_title(text)  # a heading is a label: a 5,000-character "heading" is a formatting accident
        if not text:
            return
        self.first_heading = self.first_heading or text
        self.trail.enter(level, text)

    def line(self, text: str) -> None:
        self._lines.append(text)

    def extend(self, lines: list[str]) -> None:
        self._lines.extend(lines)

    def flush(self) -> None:
        body = "\n".join(self._lines).strip()
        self._lines = []
        if body:
            self.sections.append(Section(headings=self.trail.path(), text=body))


def clip_title(text: str) -> str:
    return " ".join(text.split())[:TITLE_MAX_CHARS]


def extract_plain(text: str, fallback_title: str) -> ExtractedDocument:
    """Plain text has no headings: one section; the title is the first non-empty line."""
    first_line = next((line for line in text.splitlines() if line.strip()), "")
    body = text.strip()
    sections = [Section(headings=(), text=body)] if body else []
    return ExtractedDocument(title=clip_title(first_line) or fallback_title, sections=sections)


_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")


def extract_markdown(text: str, fallback_title: str) -> ExtractedDocument:
    """ATX (``# x``) and setext (underlined) headings; ``#`` lines inside code fences are code."""
    collector = SectionCollector()
    in_fence = False
    previous = ""
    for line in text.splitlines():
        if _FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence and (match := _ATX.match(line)):
            collector.heading(len(match.group(1)), match.group(2) or "")
            previous = ""
            continue
        elif not in_fence and previous.strip() and _SETEXT.match(line):
            collector._lines.pop()
            collector.heading(1 if line.strip()[0] == "=" else 2, previous)
            previous = ""
            continue
        collector.line(line)
        previous = line
    collector.flush()
    return ExtractedDocument(
        title=clip_title(collector.first_heading) or fallback_title, sections=collector.sections
    )


_RST_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_RST_ADORNMENT = re.compile(r"^([!-/:-@\[-`{-~])\1+[ \t]*$")


def extract_rst(text: str, fallback_title: str) -> ExtractedDocument:
    """reStructuredText section titles: a text line underlined (optionally also overlined) by a
    repeated punctuation character. Levels follow the order in which each style first appears."""
    collector = SectionCollector()
    styles: list[tuple[str, bool]] = []
    lines = text.splitlines()
    position = 0
    for start in _rst_title_candidates(lines):
        if start < position:
            continue
        consumed = _rst_title_at(lines, start)
        if consumed is None:
            continue
        title, style, width = consumed
        collector.extend(lines[position:start])
        if style not in styles:
            styles.append(style)
        collector.heading(styles.index(style) + 1, title)
        position = start + width
    collector.extend(lines[position:])
    collector.flush()
    return ExtractedDocument(
        title=clip_title(collector.first_heading) or fallback_title, sections=collector.sections
    )


def _rst_title_candidates(lines: list[str]) -> Iterator[int]:
    """Line numbers where a title may start: at an overline, or the line above an underline.
    Only adornment-looking lines are examined closely, so body lines cost one set lookup."""
    for number, line in enumerate(lines):
        if line[:1] in _RST_PUNCTUATION and _RST_ADORNMENT.match(line):
            if number > 0:
                yield number - 1
            yield number


def _rst_title_at(lines: list[str], index: int) -> tuple[str, tuple[str, bool], int] | None:
    """``(title, (char, overlined), lines used)`` if a section title starts at ``index``."""
    line = lines[index]
    following = lines[index + 1] if index + 1 < len(lines) else ""
    if _RST_ADORNMENT.match(line) and index + 2 < len(lines):
        title, under = lines[index + 1], lines[index + 2]
        if title.strip() and under.rstrip() == line.rstrip() and len(line.rstrip()) >= len(title.strip()):
            return title.strip(), (line[0], True), 3
    underlined = bool(line.strip()) and not line[0].isspace() and _RST_ADORNMENT.match(following)
    if underlined and len(following.rstrip()) >= len(line.rstrip()) and not _RST_ADORNMENT.match(line):
        return line.strip(), (following[0], False), 2
    return None


HTML_MAX_DEPTH = 2000
# Below this many tags nothing can nest deep enough to hurt (10,000 levels parse in ~0.5 s).
HTML_SCAN_MIN_TAGS = 10_000
# Tags per block of the depth bound's counts: the bound is at most two blocks over the true depth.
DEPTH_BOUND_BLOCK = 128
# HTML's void elements, obsolete ones included: the parser closes these itself (and an XHTML page's ``<br/>`` needs
# no rewriting, see close_xhtml_empty_elements).
_VOID_ELEMENTS = (
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
    "basefont",
    "bgsound",
    "frame",
    "keygen",
    "param",
)
# Void elements and elements the HTML parser closes implicitly never build deep trees.
_NON_NESTING_TAGS = [
    *_VOID_ELEMENTS,
    "p",
    "li",
    "dt",
    "dd",
    "tr",
    "td",
    "th",
    "option",
    "optgroup",
    "rb",
    "rt",
    "rp",
    "colgroup",
    "thead",
    "tbody",
    "tfoot",
    "caption",
]
_NESTING_TAG = re.compile(rf"<(/?)(?!(?:{'|'.join(_NON_NESTING_TAGS)})\b)[a-zA-Z]", re.IGNORECASE)
_DEPTH_STEP = {"": 1, "/": -1}
_ANY_TAG = re.compile(r"<([/a-zA-Z])")


def html_too_deep(text: str, limit: int = HTML_MAX_DEPTH, tag_count: int | None = None) -> bool:
    """True if tags nest deeper than ``limit``. Lexbor's tree builder slows down super-linearly
    with nesting depth (20,000 nested ``<div>`` take seconds, 80,000 a minute), so a hostile file
    could stall a run; this linear pre-scan refuses it first, chunk by chunk so a hostile file is
    caught early. Files with fewer than HTML_SCAN_MIN_TAGS tags skip the scan."""
    tags = text.count("<") if tag_count is None else tag_count
    if tags <= max(limit, HTML_SCAN_MIN_TAGS) or _depth_bound(text) <= limit:
        return False
    depth = 0
    for chunk in _tag_aligned_chunks(text):
        deepest, depth = _chunk_depths(chunk, depth)
        if deepest > limit:
            return True
    return False


def _depth_bound(text: str) -> int:
    """An upper bound on the nesting depth, counting every start tag as opening a level (void elements
    included, so it never underestimates), from the number of end tags in each block of DEPTH_BOUND_BLOCK
    tags (``bytes.count``, in C). Within a block the depth rises by at most the block's start tags; at its
    end it is the depth before plus starts minus ends, or, if it fell to zero inside, at most the starts.
    So the bound is at most two blocks over the true depth, far under HTML_MAX_DEPTH for real pages, and the
    exact scan only runs for the rare file whose bound is over the limit. (It was computed with numpy,
    whose import cost each extraction worker 0.1 s of CPU and 14 MB for the few files that get here.)"""
    kinds = "".join(_ANY_TAG.findall(text)).encode("ascii")
    bound = depth = 0
    for start in range(0, len(kinds), DEPTH_BOUND_BLOCK):
        ends = kinds.count(b"/", start, start + DEPTH_BOUND_BLOCK)
        starts = min(DEPTH_BOUND_BLOCK, len(kinds) - start) - ends
        bound = max(bound, depth + starts)
        depth = max(depth + starts - ends, starts)
    return bound


def _tag_aligned_chunks(text: str, size: int = 1 << 16) -> Iterator[str]:
    """Slices of ``text`` that each start at a ``<``, so no tag is cut in two."""
    start = 0
    while start < len(text):
        cut = text.find("<", start + size)
        end = len(text) if cut < 0 else cut
        yield text[start:end]
        start = end


def _chunk_depths(chunk: str, depth: int) -> tuple[int, int]:
    """(deepest, final) nesting depth across ``chunk`` starting at ``depth``. Depth never goes below
    zero (stray closing tags), so the depth after each tag is the running sum minus its lowest value
    so far (when negative); every pass runs in C, not in per-tag Python code."""
    steps = map(_DEPTH_STEP.__getitem__, _NESTING_TAG.findall(chunk))
    sums = list(accumulate(steps, initial=depth))
    floors = map(min, accumulate(sums, min), repeat(0))
    depths = list(map(operator.sub, sums, floors))
    return max(depths), depths[-1]


# XHTML writes an element with no content as ``<name/>``. An HTML parser ignores that slash unless the element is
# void, so a self-closed ``<script src="x.js"/>`` or ``<iframe .../>`` opens an element whose raw text runs to the
# end of the page: ImageMagick's pages read as their title alone.
# A page declares itself XHTML by an XML declaration, an XHTML document type or the XHTML namespace on its root.
_XHTML_DECLARED = re.compile(
    r"\A\s*<\?xml\b"
    r"|<!DOCTYPE\s+html\s+PUBLIC\s+[\"']-//W3C//DTD XHTML"
    r"|<html\b[^>]*\bxmlns\s*=\s*[\"']http://www\.w3\.org/1999/xhtml[\"']",
    re.IGNORECASE,
)
# Only the prologue can declare it: the text up to the end of the root element's start tag.
_HTML_ROOT_TAG = re.compile(r"<html\b[^>]*>", re.IGNORECASE)
_SELF_CLOSED_TAG = re.compile(r"<([A-Za-z][A-Za-z0-9:_.-]*)(?:\s[^<>]*)?/>")


def close_xhtml_empty_elements(text: str) -> str:
    """An XHTML page with each self-closed element that is not void written out as ``<x ...></x>``, which is what
    ``<x .../>`` means in XML; any other page unchanged (in HTML that slash means nothing, and a page that is not
    XHTML is read as a browser reads it).

    Both steps avoid work on every page: the declaration is looked for in the prologue only (searching whole pages
    cost 3.4 s over the corpora's 362 MB of HTML, against 0.05 s), and each ``/>`` is found with ``str.find`` and
    its tag read back from the ``<`` before it (a pattern tried at every ``<`` took four times as long, a third of
    the PostgreSQL manual's HTML reading).
    """
    root = _HTML_ROOT_TAG.search(text)
    if not _XHTML_DECLARED.search(text, 0, root.end() if root else len(text)):
        return text
    pieces: list[str] = []
    done = 0
    close = text.find("/>")
    while close >= 0:
        opening = text.rfind("<", done, close)
        tag = _SELF_CLOSED_TAG.fullmatch(text, opening, close + 2) if opening >= 0 else None
        if tag is not None and tag.group(1).lower() not in _VOID_ELEMENTS:
            pieces += [text[done:close], f"></{tag.group(1)}>"]
            done = close + 2
        close = text.find("/>", close + 2)
    return "".join(pieces) + text[done:]


def extract_html(text: str, fallback_title: str) -> ExtractedDocument:
    """Drop scripts, styles and navigation chrome; headings become section boundaries."""
    tag_count = text.count("<")  # an upper bound on the number of tags, counted once
    if html_too_deep(text, tag_count=tag_count):
        raise RefusedFile(SkipReason.HTML_TOO_DEEP, f"more than {HTML_MAX_DEPTH} levels")
    try:
        tree = LexborHTMLParser(
            close_xhtml_empty_elements(text).replace(_MARK_START, " ").replace(_MARK_END, " ")
        )
    except Exception as error:  # selectolax raises plain Exception subclasses on parser failure
        raise RefusedFile(SkipReason.BAD_HTML, str(error)) from error
    title_node = tree.head.css_first("title") if tree.head is not None else None
    title = clip_title(title_node.text()) if title_node is not None else ""
    body = tree.body or tree.root
    if body is None:
        return ExtractedDocument(title=title or fallback_title)
    _strip_chrome(body)
    _mark_structure(body, tag_count)
    collector = _collect_marked(body.text())
    return ExtractedDocument(
        title=title or clip_title(collector.first_heading) or fallback_title, sections=collector.sections
    )


def _strip_chrome(body: LexborNode) -> None:
    """Decompose chrome, innermost last-matched first: decomposing frees a node's whole subtree, so a
    match nested in one already removed (a script inside a nav) must go before its ancestor does."""
    roles = [node for node in body.css(_ROLE_SELECTOR) if node.attributes.get("role") in _CHROME_ROLES]
    for node in reversed(roles):
        node.decompose()
    for node in reversed(body.css(_CHROME_SELECTOR)):
        node.decompose()


def _mark_structure(tree: LexborNode, tag_count: int) -> None:
    for node in tree.css(_HEADING_SELECTOR):
        heading = " ".join(node.text().split()).rstrip("¶").strip()
        level = (node.tag or "h6")[1]
        node.replace_with(f"\n{_MARK_START}{level}{heading}{_MARK_END}\n")
    if tag_count > MAX_MARKED_BLOCKS:
        return  # pathological markup: keep the text, skip a million Python node objects
    for table in tree.css("table"):
        _mark_table(table)
    for node in tree.css(_BLOCK_SELECTOR):
        node.insert_after("\n\n")
    for node in tree.css(_LINE_END_SELECTOR):
        node.insert_before(" ")
        node.insert_after("\n")


def _mark_table(table: LexborNode) -> None:
    """Read a table as header-and-cell pairs, one row per paragraph, never as run-together cells.

    Without separators a row's cells become one word where they meet ("Syntaxfoo", "alpha1"), which no search
    finds and which reads as nonsense when quoted. A row led by a header cell reads "Default: KeepAliveTimeout
    5"; under a header row (every first-row cell a header), each cell reads "Column: value"; other cells are
    separated by semicolons. Rows of a table nested in a cell are left to their own table.
    """
    table.insert_before("\n\n")
    rows = table.css("tr")
    if table.css_first("table") is not None:
        rows = [row for row in rows if _owning_table(row) == table]
    columns: list[str] = []
    if len(rows) > 1:
        first = _cells(rows[0])
        if len(first) > 1 and all(cell.tag == "th" for cell in first):
            columns = [_cell_text(cell).rstrip(":") for cell in first]
    for index, row in enumerate(rows):
        cells = _cells(row)
        if columns and index > 0 and len(cells) == len(columns):
            for column, cell in zip(columns, cells, strict=True):
                if column and _cell_text(cell):
                    cell.insert_before(f"{column}: ")
        for position, cell in enumerate(cells[:-1]):
            if position == 0 and not columns and cell.tag == "th" and cells[1].tag == "td":
                cell.insert_after(" " if _cell_text(cell).endswith(":") else ": ")
            else:
                cell.insert_after("; ")


def _cells(row: LexborNode) -> list[LexborNode]:
    return [child for child in row.iter() if child.tag in ("th", "td")]


def _cell_text(cell: LexborNode) -> str:
    return " ".join(cell.text().split())


def _owning_table(row: LexborNode) -> LexborNode | None:
    node = row.parent
    while node is not None and node.tag != "table":
        node = node.parent
    return node


def _collect_marked(text: str) -> SectionCollector:
    collector = SectionCollector()
    position = 0
    for match in _HEADING_MARK.finditer(text):
        collector.line(text[position : match.start()])
        collector.heading(int(match.group(1)), match.group(2))
        position = match.end()
    collector.line(text[position:])
    collector.flush()
    return collector
