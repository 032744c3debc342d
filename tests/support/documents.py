"""Small documents of every packaged format, written with the same libraries that read them.

Each maker returns bytes and puts one distinctive word in each place a citation must name (a heading, a
slide, a chapter, a message), so tests can search for the word and check the place.
"""

from __future__ import annotations

import io
import json
import zipfile
from email.message import EmailMessage
from pathlib import Path

from tests.support.pdf import make_pdf


def make_docx(creature: str = "axolotl", flower: str = "marigold") -> bytes:
    import docx

    document = docx.Document()
    document.core_properties.title = "Field Notes"
    document.add_paragraph("Opening words about the survey.")
    document.add_heading("Methods", level=1)
    document.add_paragraph(f"We counted {creature} larvae at dawn.")
    document.add_heading("Sampling", level=2)
    document.add_paragraph("Nets were cast from the pier.")
    table = document.add_table(rows=3, cols=2)
    for row, (site, count) in enumerate([("Site", "Count"), ("North", "12"), ("South", "7")]):
        table.cell(row, 0).text, table.cell(row, 1).text = site, count
    _add_docx_footnote(document, f"Counts exclude the {flower} pond.")
    return _saved(document)


def _add_docx_footnote(document: object, text: str) -> None:
    """python-docx writes no footnotes, so a footnotes part is added to the package by hand."""
    from docx.opc.constants import RELATIONSHIP_TYPE
    from docx.opc.packuri import PackURI
    from docx.opc.part import Part

    namespace = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    xml = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:footnotes xmlns:w="{namespace}">'
        '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:t>-</w:t></w:r></w:p></w:footnote>'
        f'<w:footnote w:id="1"><w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:footnote></w:footnotes>'
    ).encode()
    main = document.part  # type: ignore[attr-defined]
    content_type = "application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"
    part = Part(PackURI("/word/footnotes.xml"), content_type, xml, main.package)
    main.relate_to(part, RELATIONSHIP_TYPE.FOOTNOTES)


def _saved(document: object) -> bytes:
    buffer = io.BytesIO()
    document.save(buffer)  # type: ignore[attr-defined]
    return buffer.getvalue()


def make_odt() -> bytes:
    from odf.opendocument import OpenDocumentText
    from odf.table import Table, TableCell, TableColumn, TableRow
    from odf.text import H, Note, NoteBody, NoteCitation, P

    document = OpenDocumentText()
    document.text.addElement(H(outlinelevel=1, text="Harvest"))
    paragraph = P(text="The quince trees fruited early.")
    note = Note(noteclass="footnote", id="ftn1")
    note.addElement(NoteCitation(text="1"))
    body = NoteBody()
    body.addElement(P(text="Measured by the cooperative."))
    note.addElement(body)
    paragraph.addElement(note)
    document.text.addElement(paragraph)
    document.text.addElement(H(outlinelevel=2, text="Storage"))
    document.text.addElement(P(text="Kept in a cool cellar."))
    table = Table(name="Yields")
    table.addElement(TableColumn(numbercolumnsrepeated=2))
    for cells in [("Year", "Tonnes"), ("2024", "31")]:
        row = TableRow()
        for value in cells:
            cell = TableCell()
            cell.addElement(P(text=value))
            row.addElement(cell)
        table.addElement(row)
    document.text.addElement(table)
    buffer = io.BytesIO()
    document.write(buffer)
    return buffer.getvalue()


def make_pptx(structure: str = "pergola", climber: str = "trellis") -> bytes:
    import pptx

    deck = pptx.Presentation()
    for title, body in [("Overview", "The gazebo plan."), ("Budget", f"Funding for the {structure}.")]:
        slide = deck.slides.add_slide(deck.slide_layouts[1])
        slide.shapes.title.text = title
        slide.placeholders[1].text = body
    deck.slides[1].notes_slide.notes_text_frame.text = f"Mention the {climber}."
    return _saved(deck)


def make_epub(
    chapters: list[tuple[str, str]] | None = None, *, title: str = "River Book", ncx_only: bool = False
) -> bytes:
    """An EPUB 3 book (an EPUB 2 one with ``ncx_only``): one XHTML file per ``(title, body)`` chapter, each
    opening with an ``h1`` and holding an ``h2`` section, listed in the table of contents."""
    chapters = chapters or [("Source", "A spring feeds the brook."), ("Delta", "Herons wade among sandbars.")]
    files = [f"chap{number}.xhtml" for number in range(1, len(chapters) + 1)]
    entries = {
        "mimetype": b"application/epub+zip",
        "META-INF/container.xml": (
            b'<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
            b'<rootfiles><rootfile full-path="EPUB/content.opf" media-type="application/oebps-package+xml"/>'
            b"</rootfiles></container>"
        ),
        "EPUB/content.opf": _opf(title, files, ncx_only).encode(),
        "EPUB/toc.ncx": _ncx(chapters, files).encode(),
    }
    if not ncx_only:
        links = "".join(
            f'<li><a href="{name}">{heading}</a></li>'
            for (heading, _), name in zip(chapters, files, strict=True)
        )
        entries["EPUB/nav.xhtml"] = (
            '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">'
            f'<body><nav epub:type="toc"><ol>{links}</ol></nav></body></html>'
        ).encode()
    for number, ((heading, body), name) in enumerate(zip(chapters, files, strict=True), start=1):
        entries[f"EPUB/{name}"] = (
            '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title></head><body>'
            f"<h1>{heading}</h1><p>{body}</p><h2>Notes</h2><p>Chapter {number} notes.</p></body></html>"
        ).encode()
    return make_zip(entries)


def _opf(title: str, files: list[str], ncx_only: bool) -> str:
    items = "".join(
        f'<item id="c{number}" href="{name}" media-type="application/xhtml+xml"/>'
        for number, name in enumerate(files)
    )
    nav = (
        ""
        if ncx_only
        else '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>'
    )
    refs = "".join(f'<itemref idref="c{number}"/>' for number in range(len(files)))
    return (
        '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">'
        f'<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>{title}</dc:title></metadata>'
        f'<manifest>{nav}<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>{items}</manifest>'
        f'<spine toc="ncx">{refs}</spine></package>'
    )


def _ncx(chapters: list[tuple[str, str]], files: list[str]) -> str:
    points = "".join(
        f'<navPoint id="p{number}"><navLabel><text>{heading}</text></navLabel><content src="{name}"/></navPoint>'
        for number, ((heading, _), name) in enumerate(zip(chapters, files, strict=True))
    )
    return f'<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/"><navMap>{points}</navMap></ncx>'


def make_notebook() -> bytes:
    cells = [
        {
            "cell_type": "markdown",
            "metadata": {},
            "source": ["# Analysis\n", "\n", "We load the tapir data."],
        },
        {
            "cell_type": "code",
            "metadata": {},
            "execution_count": 1,
            "source": ["# comment, not a heading\n", "frame = load('tapirs.csv')"],
            "outputs": [{"output_type": "stream", "name": "stdout", "text": ["OUTPUT-ONLY-WORD\n"]}],
        },
        {"cell_type": "markdown", "metadata": {}, "source": "## Results\n\nTapirs sleep by day."},
    ]
    notebook = {
        "cells": cells,
        "metadata": {"language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    return json.dumps(notebook).encode()


def make_message(
    subject: str, body: str, sender: str = "Ana <ana@example.org>", **attachments: bytes
) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = "Team <team@example.org>"
    message["Subject"] = subject
    message["Date"] = "Tue, 02 Jan 2024 09:30:00 +0000"
    message.set_content(body)
    for name, data in attachments.items():
        message.add_attachment(data, maintype="application", subtype="octet-stream", filename=name)
    return message


def make_eml() -> bytes:
    message = make_message(
        "Quarterly kiln report",
        "The kiln reached temperature.",
        **{"kiln.docx": make_docx("salamander", "tulip")},
    )
    return bytes(message)


def make_mbox() -> bytes:
    messages = [
        make_message("Picnic plans", "Bring the hammock."),
        make_message(
            "Re: Picnic plans",
            "And the lemonade.\n\nFrom the shop on Main Street.",
            sender="Bo <bo@example.org>",
        ),
        make_message("Slides attached", "See the deck.", **{"deck.pptx": make_pptx("arbor", "wisteria")}),
    ]
    return b"".join(
        b"From sender@example.org Tue Jan  2 09:30:00 2024\n"
        + bytes(message).replace(b"\nFrom ", b"\n>From ")
        + b"\n"
        for message in messages
    )


def make_zip(entries: dict[str, bytes], *, compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=compression) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def write_every_format(folder: Path) -> dict[str, str]:
    """One file of every supported kind in ``folder``; returns file name -> a word only it holds."""
    folder.mkdir(parents=True, exist_ok=True)
    files = {
        "notes.txt": (b"Plain notes about the lighthouse keeper.\n", "lighthouse"),
        "guide.md": (b"# Guide\n\nThe capybara section.\n", "capybara"),
        "manual.rst": (b"Manual\n======\n\nThe ocelot chapter.\n", "ocelot"),
        "page.html": (
            b"<html><head><title>Page</title></head><body><h1>Top</h1><p>The wombat.</p></body></html>",
            "wombat",
        ),
        "paper.pdf": (make_pdf([["Paper title"], ["The narwhal on page two."]]), "narwhal"),
        "report.docx": (make_docx(), "axolotl"),
        "orchard.odt": (make_odt(), "quince"),
        "garden.pptx": (make_pptx(), "pergola"),
        "river.epub": (make_epub(), "herons"),
        "study.ipynb": (make_notebook(), "tapirs"),
        "kiln.eml": (make_eml(), "kiln"),
        "picnic.mbox": (make_mbox(), "lemonade"),
    }
    for name, (data, _word) in files.items():
        (folder / name).write_bytes(data)
    return {name: word for name, (_data, word) in files.items()}
