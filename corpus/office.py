"""Word, LibreOffice and PowerPoint documents: python-docx, odfpy and python-pptx.

Each reader walks its library's object model in document order and feeds a :class:`SectionCollector`,
so headings become the heading path a citation names. Tables become one line per row, each cell
labelled with its column's header ("Year: 2024; Yield: 3.1 t"), which keeps a row's meaning inside one
passage. Footnotes and speaker notes are kept, after the text they belong to. A slide deck is cut one
section per slide, numbered like PDF pages, so a citation says "page 7" for slide 7.

Every archive goes through :func:`corpus.containers.open_package` first (zip bombs, encryption, a
mis-named file), and every library call runs inside :func:`corpus.foreign.reading_with`.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from corpus.containers import open_package, read_member
from corpus.documents import ExtractedDocument, Section, SkipReason
from corpus.foreign import reading_with
from corpus.formats import SectionCollector, clip_title
from corpus.reading import RefusedFile

# Tables inside table cells (and groups inside groups on a slide) are walked recursively; real documents
# nest a few levels, a hostile one thousands.
MAX_NESTING = 32
_HEADING_STYLE = re.compile(r"^heading\s*([1-9])\b", re.IGNORECASE)
_ODF_ENCRYPTED = b"encryption-data"


def table_lines(rows: Sequence[Sequence[str]]) -> list[str]:
    """A table as text: the first row is the header, each later row one line of ``header: cell`` pairs."""
    rows = [[" ".join(cell.split()) for cell in row] for row in rows]
    rows = [row for row in rows if any(row)]
    if len(rows) < 2:
        return [" | ".join(cell for cell in row if cell) for row in rows]
    header, body = rows[0], rows[1:]
    lines = [" | ".join(cell for cell in header if cell)]
    for row in body:
        pairs = [
            f"{name}: {cell}" if name else cell for name, cell in zip(_padded(header, row), row, strict=True)
        ]
        lines.append("; ".join(pair for pair in pairs if pair and not pair.endswith(": ")))
    return lines


def _padded(header: Sequence[str], row: Sequence[str]) -> list[str]:
    return [*header[: len(row)], *[""] * (len(row) - len(header))]


def too_deep(depth: int) -> None:
    if depth > MAX_NESTING:
        raise RefusedFile(SkipReason.DOCUMENT_TOO_DEEP, f"more than {MAX_NESTING} nested tables or groups")


# --- .docx (python-docx) -------------------------------------------------------------------------------------


def extract_docx(data: bytes, fallback_title: str, max_bytes: int) -> ExtractedDocument:
    """Paragraphs in order, ``Heading N`` styles as headings, tables as rows, footnotes at the end."""
    open_package(data, max_bytes, "Word document").close()
    with reading_with("python-docx"):
        import docx  # here, not at the top: only workers that meet a .docx pay for the import

        document = docx.Document(io.BytesIO(data))
        collector = SectionCollector()
        title = clip_title(document.core_properties.title or "")
        levels = _docx_heading_levels(document)
        _docx_blocks(document.iter_inner_content(), collector, levels, 0)
        footnotes = _docx_footnotes(document)
        if footnotes:
            collector.heading(1, "Footnotes")
            collector.extend(footnotes)
        collector.flush()
    return ExtractedDocument(
        title=title or clip_title(collector.first_heading) or fallback_title, sections=collector.sections
    )


def _docx_blocks(
    blocks: Iterable[Any], collector: SectionCollector, levels: dict[str, int], depth: int
) -> None:
    too_deep(depth)
    for block in blocks:
        if hasattr(block, "rows"):
            collector.extend(table_lines(_docx_rows(block, collector, levels, depth)))
            collector.line("")
            continue
        text = block.text
        # The paragraph's style ID straight from its XML: python-docx's ``paragraph.style`` looks the style
        # up among all styles on every call, which was two thirds of the time spent on a document.
        level = levels.get(block._p.style or "", 0)
        if level:
            collector.heading(level, text)
        else:
            collector.line(text)
            collector.line("")


def _docx_heading_levels(document: Any) -> dict[str, int]:
    """Heading level by style ID, for the styles named ``Heading 1`` ... ``Heading 9`` (python-docx gives
    built-in styles their English names whatever the document's language)."""
    levels = {}
    for style in document.styles:
        match = _HEADING_STYLE.match(getattr(style, "name", "") or "")
        if match and style.style_id:
            levels[style.style_id] = int(match.group(1))
    return levels


def _docx_rows(
    table: Any, collector: SectionCollector, levels: dict[str, int], depth: int
) -> list[list[str]]:
    """Cell texts row by row; a merged cell is counted once per row, and a table inside a cell is
    written after the row's text (its rows are as much a part of the document as any paragraph)."""
    rows: list[list[str]] = []
    for row in table.rows:
        cells, seen = [], set()
        for cell in row.cells:
            if id(cell._tc) in seen:
                continue
            seen.add(id(cell._tc))
            cells.append("\n".join(paragraph.text for paragraph in cell.paragraphs))
            for inner in cell.tables:
                _docx_blocks([inner], collector, levels, depth + 1)
        rows.append(cells)
    return rows


def _docx_footnotes(document: Any) -> list[str]:
    """Footnote texts as ``[n] text`` lines. python-docx has no footnote API, so the footnotes part
    it loaded is read with lxml (the parser python-docx itself uses: no entities, no network)."""
    from docx.opc.constants import RELATIONSHIP_TYPE
    from lxml import etree

    part = next(
        (
            rel.target_part
            for rel in document.part.rels.values()
            if rel.reltype == RELATIONSHIP_TYPE.FOOTNOTES
        ),
        None,
    )
    if part is None:
        return []
    namespace = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
    root = etree.fromstring(part.blob, etree.XMLParser(resolve_entities=False, no_network=True))
    notes = []
    for note in root.iter(f"{namespace}footnote"):
        number = note.get(f"{namespace}id", "")
        text = "".join(node.text or "" for node in note.iter(f"{namespace}t")).strip()
        if text and number.isdigit() and int(number) > 0:  # ids -1 and 0 are the separator lines
            notes.append(f"[{number}] {text}")
    return notes


# --- .odt (odfpy) --------------------------------------------------------------------------------------------


def extract_odt(data: bytes, fallback_title: str, max_bytes: int) -> ExtractedDocument:
    """``text:h`` elements as headings at their outline level, paragraphs and lists in order, tables as
    rows, and footnotes and endnotes (``text:note``) collected at the end rather than mid-sentence."""
    with open_package(data, max_bytes, "OpenDocument text") as archive:
        manifest = read_member(archive, "META-INF/manifest.xml") or b""
    if _ODF_ENCRYPTED in manifest:
        raise RefusedFile(SkipReason.ENCRYPTED, "password-protected OpenDocument")
    with reading_with("odfpy"):
        from odf import opendocument

        document = opendocument.load(io.BytesIO(data))
        reader = _OdfReader()
        reader.blocks(document.text.childNodes, 0)
        if reader.notes:
            reader.collector.heading(1, "Notes")
            reader.collector.extend(reader.notes)
        reader.collector.flush()
        title = clip_title(_odf_meta_title(document))
    collector = reader.collector
    return ExtractedDocument(
        title=title or clip_title(collector.first_heading) or fallback_title, sections=collector.sections
    )


_ODF_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
_ODF_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_ODF_CONTAINERS = frozenset({"list", "list-item", "list-header", "section", "index-body", "deletion"})


class _OdfReader:
    """Walks odfpy's element tree (depth-limited: a hostile file can nest lists thousands deep)."""

    def __init__(self) -> None:
        self.collector = SectionCollector()
        self.notes: list[str] = []

    def blocks(self, nodes: Iterable[Any], depth: int) -> None:
        too_deep(depth)
        for node in nodes:
            namespace, name = getattr(node, "qname", ("", ""))
            if namespace == _ODF_TEXT and name == "h":
                level = int(str(node.getAttribute("outlinelevel") or "1") or "1")
                self.collector.heading(max(1, min(level, 9)), self.inline(node, depth + 1))
            elif namespace == _ODF_TEXT and name == "p":
                self.collector.line(self.inline(node, depth + 1))
                self.collector.line("")
            elif namespace == _ODF_TEXT and name in _ODF_CONTAINERS:
                self.blocks(node.childNodes, depth + 1)
            elif namespace == _ODF_TABLE and name == "table":
                self.collector.extend(table_lines(self.table_rows(node, depth + 1)))
                self.collector.line("")

    def inline(self, node: Any, depth: int) -> str:
        """The text of a paragraph or heading; notes go to :attr:`notes`, with a marker left in place."""
        too_deep(depth)
        pieces: list[str] = []
        for child in node.childNodes:
            if child.nodeType == child.TEXT_NODE:
                pieces.append(str(child.data))
                continue
            namespace, name = child.qname
            if namespace == _ODF_TEXT and name == "note":
                pieces.append(self.note(child, depth + 1))
            elif namespace == _ODF_TEXT and name in {"s", "tab", "line-break"}:
                pieces.append(" ")
            else:
                pieces.append(self.inline(child, depth + 1))
        return "".join(pieces)

    def note(self, note: Any, depth: int) -> str:
        citation, body = "", ""
        for child in note.childNodes:
            name = child.qname[1] if hasattr(child, "qname") else ""
            if name == "note-citation":
                citation = self.inline(child, depth + 1).strip()
            elif name == "note-body":
                body = " ".join(self.inline(part, depth + 1) for part in child.childNodes).strip()
        if body:
            self.notes.append(f"[{citation}] {body}" if citation else body)
        return f"[{citation}]" if citation else ""

    def table_rows(self, table: Any, depth: int) -> list[list[str]]:
        too_deep(depth)
        rows: list[list[str]] = []
        for child in table.childNodes:
            namespace, name = getattr(child, "qname", ("", ""))
            if namespace == _ODF_TABLE and name == "table-row":
                rows.append([self.cell_text(cell, depth + 1) for cell in child.childNodes])
            elif namespace == _ODF_TABLE and name in {"table-header-rows", "table-rows", "table-row-group"}:
                rows.extend(self.table_rows(child, depth + 1))
        return rows

    def cell_text(self, cell: Any, depth: int) -> str:
        if getattr(cell, "qname", ("", ""))[1] != "table-cell":
            return ""
        return "\n".join(self.inline(part, depth + 1) for part in cell.childNodes if hasattr(part, "qname"))


def _odf_meta_title(document: Any) -> str:
    from odf import dc

    titles = document.meta.getElementsByType(dc.Title)
    return "".join(str(node.data) for node in titles[0].childNodes if hasattr(node, "data")) if titles else ""


# --- .pptx (python-pptx) -------------------------------------------------------------------------------------


def extract_pptx(data: bytes, fallback_title: str, max_bytes: int) -> ExtractedDocument:
    """One section per slide with the slide number as its page; the slide's title as its heading;
    text boxes, tables and grouped shapes in the deck's shape order; speaker notes after the slide."""
    open_package(data, max_bytes, "PowerPoint deck").close()
    with reading_with("python-pptx"):
        import pptx

        deck = pptx.Presentation(io.BytesIO(data))
        sections = [
            section for number, slide in enumerate(deck.slides, start=1) if (section := _slide(slide, number))
        ]
        title = clip_title(deck.core_properties.title or "")
    first_heading = next((section.headings[0] for section in sections if section.headings), "")
    return ExtractedDocument(title=title or first_heading or fallback_title, sections=sections)


def _slide(slide: Any, number: int) -> Section | None:
    title_shape = slide.shapes.title
    heading = (
        clip_title(title_shape.text_frame.text)
        if title_shape is not None and title_shape.has_text_frame
        else ""
    )
    lines = list(_shape_lines(slide.shapes, 0, skip=title_shape))
    if (
        slide.has_notes_slide
        and (notes := slide.notes_slide.notes_text_frame) is not None
        and notes.text.strip()
    ):
        lines.append(f"Notes: {notes.text.strip()}")
    text = "\n".join(lines).strip()
    if not text and not heading:
        return None
    return Section(headings=(heading,) if heading else (), text=text or heading, page=number)


def _shape_lines(shapes: Iterable[Any], depth: int, skip: Any = None) -> Iterator[str]:
    too_deep(depth)
    for shape in shapes:
        if skip is not None and shape.shape_id == skip.shape_id:
            continue
        if hasattr(shape, "shapes"):  # a group (``shape_type`` itself raises for some graphic frames)
            yield from _shape_lines(shape.shapes, depth + 1)
        elif getattr(shape, "has_table", False):
            rows = [[cell.text for cell in row.cells] for row in shape.table.rows]
            yield from table_lines(rows)
            yield ""
        elif getattr(shape, "has_text_frame", False):
            yield from (paragraph.text for paragraph in shape.text_frame.paragraphs)
            yield ""
