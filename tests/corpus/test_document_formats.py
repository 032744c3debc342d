"""The Office, e-book, notebook and mail readers: structure, places to cite, and odd files."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Callable

import pytest

from corpus.containers import MAX_ZIP_ENTRIES
from corpus.documents import ExtractedDocument, SkipReason
from corpus.epub import extract_epub
from corpus.loading import extract_kind
from corpus.mail import mbox_messages
from corpus.notebook import extract_notebook
from corpus.office import extract_docx, extract_odt, extract_pptx, table_lines
from corpus.reading import RefusedFile
from tests.support.documents import (
    make_docx,
    make_eml,
    make_epub,
    make_mbox,
    make_message,
    make_notebook,
    make_odt,
    make_pptx,
    make_zip,
)

CAP = 50 * 1024 * 1024


def places(document: ExtractedDocument) -> list[tuple[tuple[str, ...], int | None, str]]:
    return [(section.headings, section.page, section.text) for section in document.sections]


def test_docx_headings_tables_and_footnotes() -> None:
    document = extract_docx(make_docx(), "report.docx", CAP)
    assert document.title == "Field Notes"
    assert places(document) == [
        ((), None, "Opening words about the survey."),
        (("Methods",), None, "We counted axolotl larvae at dawn."),
        (
            ("Methods", "Sampling"),
            None,
            "Nets were cast from the pier.\n\nSite | Count\nSite: North; Count: 12\nSite: South; Count: 7",
        ),
        (("Footnotes",), None, "[1] Counts exclude the marigold pond."),
    ]


def test_odt_headings_notes_and_tables() -> None:
    document = extract_odt(make_odt(), "orchard.odt", CAP)
    assert document.title == "Harvest"
    assert places(document) == [
        (("Harvest",), None, "The quince trees fruited early.[1]"),
        (("Harvest", "Storage"), None, "Kept in a cool cellar.\n\nYear | Tonnes\nYear: 2024; Tonnes: 31"),
        (("Notes",), None, "[1] Measured by the cooperative."),
    ]


def test_pptx_one_section_per_slide_numbered_like_pages() -> None:
    document = extract_pptx(make_pptx(), "garden.pptx", CAP)
    assert places(document) == [
        (("Overview",), 1, "The gazebo plan."),
        (("Budget",), 2, "Funding for the pergola.\n\nNotes: Mention the trellis."),
    ]


def test_pptx_groups_tables_and_charts() -> None:
    import pptx
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    deck = pptx.Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[5])
    slide.shapes.title.text = "Results"
    group = slide.shapes.add_group_shape()
    group.shapes.add_textbox(Inches(1), Inches(2), Inches(3), Inches(1)).text_frame.text = "grouped ibis note"
    table = slide.shapes.add_table(2, 2, Inches(1), Inches(3), Inches(4), Inches(1)).table
    for row, values in enumerate([("Bird", "Count"), ("Ibis", "4")]):
        for column, value in enumerate(values):
            table.cell(row, column).text = value
    chart_data = CategoryChartData()
    chart_data.categories = ["a"]
    chart_data.add_series("s", (1,))
    slide.shapes.add_chart(XL_CHART_TYPE.PIE, Inches(5), Inches(2), Inches(2), Inches(2), chart_data)
    buffer = io.BytesIO()
    deck.save(buffer)
    [section] = extract_pptx(buffer.getvalue(), "birds.pptx", CAP).sections
    assert section.headings == ("Results",)
    assert "grouped ibis note" in section.text
    assert "Bird | Count\nBird: Ibis; Count: 4" in section.text


def test_epub_chapters_in_spine_order_under_their_titles() -> None:
    document = extract_epub(make_epub(), "river.epub", CAP)
    assert document.title == "River Book"
    assert places(document) == [
        (("Source",), None, "A spring feeds the brook."),
        (("Source", "Notes"), None, "Chapter 1 notes."),
        (("Delta",), None, "Herons wade among sandbars."),
        (("Delta", "Notes"), None, "Chapter 2 notes."),
    ]


def test_epub2_chapters_are_titled_from_the_ncx() -> None:
    book = make_epub([("Prologue", "Once upon a time."), ("Epilogue", "The end.")], ncx_only=True)
    document = extract_epub(book, "old.epub", CAP)
    assert [section.headings for section in document.sections][::2] == [("Prologue",), ("Epilogue",)]


def test_an_epub_without_a_package_document_is_malformed() -> None:
    with zipfile.ZipFile(io.BytesIO(make_epub())) as archive:
        entries = {name: archive.read(name) for name in archive.namelist() if not name.endswith(".opf")}
    assert refusal(extract_epub, make_zip(entries)) == SkipReason.BAD_DOCUMENT


def test_notebook_markdown_is_prose_code_is_code_outputs_are_dropped() -> None:
    document = extract_notebook(make_notebook(), "study.ipynb", CAP)
    assert document.title == "Analysis"
    text = "\n".join(section.text for section in document.sections)
    assert "frame = load('tapirs.csv')" in text
    assert "# comment, not a heading" in text
    assert "OUTPUT-ONLY-WORD" not in text
    assert [section.headings for section in document.sections] == [("Analysis",), ("Analysis", "Results")]


def test_notebook_format_3_worksheets_are_read() -> None:
    old = {"worksheets": [{"cells": [{"cell_type": "code", "input": ["print('okapi')"]}]}], "nbformat": 3}
    document = extract_notebook(json.dumps(old).encode(), "old.ipynb", CAP)
    assert "print('okapi')" in document.sections[0].text


def test_eml_is_one_message_with_its_attachment_as_a_further_document() -> None:
    document = extract_kind("eml", make_eml(), "kiln.eml", CAP)
    assert document.title == "Quarterly kiln report"
    assert document.sections[0].text.startswith("From: Ana <ana@example.org>\nTo: Team")
    assert "Date: Tue, 02 Jan 2024 09:30:00 +0000" in document.sections[0].text
    [attachment] = document.parts
    assert attachment.title == "Field Notes"
    assert attachment.sections[1].headings == ("attachment kiln.docx", "Methods")


def test_mbox_is_one_document_per_message() -> None:
    document = extract_kind("mbox", make_mbox(), "picnic.mbox", CAP)
    assert document.sections == []
    titles = [part.title for part in document.parts]
    assert titles == ["Picnic plans", "Re: Picnic plans", "Slides attached", "Overview"]
    assert [part.sections[0].headings[0] for part in document.parts] == [
        "Message 1",
        "Message 2",
        "Message 3",
        "Message 3",
    ]
    assert document.parts[3].sections[1].page == 2  # a slide of an attached deck keeps its number


def test_mbox_splits_only_at_separator_lines() -> None:
    body = bytes(make_message("Quoted", "a line\n>From the archive, not a separator"))
    data = (
        b"From a@example.org Mon Jan  1 00:00:00 2024\n"
        + body
        + b"\nFrom b@example.org Mon Jan  1 00:00:01 2024\n"
        + body
    )
    assert len(list(mbox_messages(data))) == 2


def test_attachments_inside_a_nested_multipart_and_an_attached_message_are_found() -> None:
    from email.message import EmailMessage

    inner = make_message("Forwarded", "The heron report.", **{"field.ipynb": make_notebook()})
    outer = make_message("Fwd: Forwarded", "See below.")
    outer.add_attachment(inner)
    bundle = EmailMessage()
    bundle.set_content("nested")
    bundle.make_mixed()
    bundle.add_attachment(
        make_docx("newt", "iris"), maintype="application", subtype="octet-stream", filename="n.docx"
    )
    outer.attach(bundle)
    document = extract_kind("eml", bytes(outer), "fwd.eml", CAP)
    headings = [part.sections[0].headings for part in document.parts]
    assert ("attached message", "attachment field.ipynb", "Analysis") in headings
    assert any("newt" in section.text for part in document.parts for section in part.sections)


def test_an_html_only_message_is_read_as_text() -> None:
    message = make_message("Newsletter", "placeholder")
    message.set_content(
        "<html><body><h1>News</h1><p>The <b>otter</b> count rose.</p><script>x()</script></body></html>",
        subtype="html",
    )
    document = extract_kind("eml", bytes(message), "news.eml", CAP)
    assert "The otter count rose." in document.sections[0].text
    assert "x()" not in document.sections[0].text


def test_an_unreadable_attachment_leaves_the_message_indexed() -> None:
    message = make_message("Broken attachment", "The body survives.", **{"broken.docx": b"not a zip at all"})
    document = extract_kind("eml", bytes(message), "x.eml", CAP)
    assert "The body survives." in document.sections[0].text
    assert document.parts == []


def test_a_table_without_a_header_row_keeps_its_cells() -> None:
    assert table_lines([["only", "row"]]) == ["only | row"]
    assert table_lines([["Name", ""], ["Ada", "extra"]]) == ["Name", "Name: Ada; extra"]


# --- odd files, for every packaged format ---------------------------------------------------------------------

PackageReader = Callable[[bytes, str, int], ExtractedDocument]
PACKAGES: dict[str, tuple[PackageReader, Callable[[], bytes]]] = {
    "docx": (extract_docx, make_docx),
    "odt": (extract_odt, make_odt),
    "pptx": (extract_pptx, make_pptx),
    "epub": (extract_epub, make_epub),
}


def refusal(reader: PackageReader, data: bytes, cap: int = CAP) -> SkipReason:
    with pytest.raises(RefusedFile) as refused:
        reader(data, "odd", cap)
    return refused.value.reason


@pytest.mark.parametrize("kind", sorted(PACKAGES))
def test_a_misnamed_file_is_refused_as_such(kind: str) -> None:
    reader, _make = PACKAGES[kind]
    assert refusal(reader, b"# actually markdown\n\ntext\n") == SkipReason.MISNAMED


@pytest.mark.parametrize("kind", sorted(PACKAGES))
def test_a_truncated_package_is_malformed(kind: str) -> None:
    reader, make = PACKAGES[kind]
    data = make()
    assert refusal(reader, data[: len(data) // 2]) == SkipReason.BAD_DOCUMENT


@pytest.mark.parametrize("kind", sorted(PACKAGES))
def test_a_zip_bomb_is_refused_before_it_is_inflated(kind: str) -> None:
    reader, make = PACKAGES[kind]
    assert refusal(reader, make(), cap=1000) == SkipReason.ARCHIVE_TOO_LARGE


@pytest.mark.parametrize("kind", sorted(PACKAGES))
def test_a_password_protected_office_file_is_reported_encrypted(kind: str) -> None:
    reader, _make = PACKAGES[kind]
    assert refusal(reader, b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 600) == SkipReason.ENCRYPTED


@pytest.mark.parametrize("kind", sorted(PACKAGES))
def test_encrypted_zip_entries_are_refused(kind: str) -> None:
    reader, make = PACKAGES[kind]
    assert refusal(reader, with_encrypted_flags(make())) == SkipReason.ENCRYPTED


def with_encrypted_flags(package: bytes) -> bytes:
    """The package with every central-directory entry flagged as encrypted (zipfile cannot write such
    entries, so the flag bit is set in the bytes)."""
    data = bytearray(package)
    end = data.rfind(b"PK\x05\x06")
    entries, position = (
        int.from_bytes(data[end + 10 : end + 12], "little"),
        int.from_bytes(data[end + 16 : end + 20], "little"),
    )
    for _ in range(entries):
        data[position + 8] |= 0x1
        lengths = (
            int.from_bytes(data[position + offset : position + offset + 2], "little")
            for offset in (28, 30, 32)
        )
        position += 46 + sum(lengths)
    return bytes(data)


@pytest.mark.parametrize("kind", sorted(PACKAGES))
def test_a_package_of_the_wrong_kind_is_malformed_not_a_crash(kind: str) -> None:
    reader, _make = PACKAGES[kind]
    stranger = make_zip({"hello.txt": b"a zip, but not this kind of document"})
    assert refusal(reader, stranger) == SkipReason.BAD_DOCUMENT


def test_too_many_zip_entries_are_refused() -> None:
    crowd = make_zip(
        {f"{number}.xml": b"" for number in range(MAX_ZIP_ENTRIES + 1)}, compression=zipfile.ZIP_STORED
    )
    assert refusal(extract_docx, crowd) == SkipReason.ARCHIVE_TOO_LARGE


def test_an_encrypted_odt_and_a_drm_epub_are_reported() -> None:
    odt = make_zip({"mimetype": b"x", "META-INF/manifest.xml": b"<manifest:encryption-data/>"})
    assert refusal(extract_odt, odt) == SkipReason.ENCRYPTED
    with zipfile.ZipFile(io.BytesIO(make_epub())) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()}
    entries["META-INF/encryption.xml"] = b'<CipherReference URI="EPUB/chap1.xhtml"/>'
    assert refusal(extract_epub, make_zip(entries)) == SkipReason.ENCRYPTED


def test_nested_tables_past_the_limit_are_too_deep() -> None:
    import docx

    document = docx.Document()
    cell = document.add_table(rows=1, cols=1).cell(0, 0)
    for _ in range(40):
        cell = cell.add_table(rows=1, cols=1).cell(0, 0)
    cell.text = "bottom"
    buffer = io.BytesIO()
    document.save(buffer)
    assert refusal(extract_docx, buffer.getvalue()) == SkipReason.DOCUMENT_TOO_DEEP


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"[" * 100_000 + b"]" * 100_000, SkipReason.DOCUMENT_TOO_DEEP),
        (b'{"cells": [', SkipReason.BAD_DOCUMENT),
        (b"[1, 2, 3]", SkipReason.BAD_DOCUMENT),
        (b'{"nbformat": 4}', SkipReason.BAD_DOCUMENT),
    ],
)
def test_odd_notebooks(data: bytes, reason: SkipReason) -> None:
    assert refusal(extract_notebook, data) == reason


def test_deeply_nested_mime_is_too_deep_and_a_mailbox_without_separators_is_misnamed() -> None:
    depth = 3000
    opening = b"".join(
        b"--b%d\nContent-Type: multipart/mixed; boundary=b%d\n\n" % (n, n + 1) for n in range(depth)
    )
    closing = b"".join(b"--b%d--\n" % n for n in reversed(range(depth)))
    message = (
        b"Subject: deep\nContent-Type: multipart/mixed; boundary=b0\n\n"
        + opening
        + b"--b%d\n\nhi\n" % depth
        + closing
    )
    with pytest.raises(RefusedFile) as deep:
        extract_kind("eml", message, "deep.eml", CAP)
    assert deep.value.reason == SkipReason.DOCUMENT_TOO_DEEP
    with pytest.raises(RefusedFile) as misnamed:
        extract_kind("mbox", b"no separators in here\n", "x.mbox", CAP)
    assert misnamed.value.reason == SkipReason.MISNAMED


def test_a_truncated_message_is_indexed_as_far_as_it_goes() -> None:
    message = bytes(make_message("Cut short", "The beginning survives. " * 20, **{"deck.pptx": make_pptx()}))
    document = extract_kind("eml", message[: len(message) // 2], "cut.eml", CAP)
    assert document.title == "Cut short"
    assert "The beginning survives." in document.sections[0].text
