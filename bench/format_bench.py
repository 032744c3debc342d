"""Extraction cost per file format: files/s and MB/s of each reader, beside the plain-text readers.

    .venv/bin/python bench/format_bench.py [--rounds 3] [--copies 1]       # a sample corpus it writes itself
    .venv/bin/python bench/format_bench.py --corpus /usr/share/doc --rounds 3   # an existing folder, by kind

Without ``--corpus`` it writes the same text in every format: the 79 Python language reference topics that
ship inside CPython (``pydoc_data.topics``, 465 KB, the demo corpus), one file per topic, as .txt and .md
(the baseline: the readers Carrel always had), .rst, .html, .pdf, .docx, .odt, .pptx, .epub, .ipynb, .eml and
one .mbox holding them all as messages. Each format's files are read and cut into passages by
``corpus.loading.load_source`` (the whole per-file work a worker does before encoding) in this process,
round after round with the formats interleaved, so machine load hits all of them alike; each format's
best round is kept. ``MB/s`` is file bytes per second (a packaged format's files are zipped, so its
bytes are fewer than its text), ``text MB/s`` the extracted passage text per second, which compares
the readers on equal text. The 1-minute load average is printed beside every figure.

Then the PDF reader's reading order, on a real two-column paper that groff typesets from the same text
(skipped when groff cannot write PDF): the share of the source's 30-character stretches found intact with
PDFium's own order and with Carrel's, as groff drew the page and redrawn line by line across both columns,
and the share of extracted words that are not words of the source before and after hyphens are joined.

Prints a table, then one JSON line. ``bench/index_bench.py`` can report the same figures for its corpus
with ``measure_formats(corpus_dir, rounds)`` (files grouped by kind).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from corpus.documents import SourceFile  # noqa: E402
from corpus.loading import LoadedDocument, load_source  # noqa: E402
from corpus.walk import walk_root  # noqa: E402

BASELINE_KINDS = ("text", "markdown")
Topic = tuple[str, list[str]]  # (title, paragraphs)


def sample_topics(copies: int, limit: int | None = None) -> list[Topic]:
    from pydoc_data.topics import topics

    chosen = []
    for copy in range(copies):
        for name, text in sorted(topics.items())[:limit]:
            paragraphs = [" ".join(block.split()) for block in text.split("\n\n") if block.strip()]
            chosen.append((f"{name} {copy}" if copies > 1 else name, paragraphs))
    return chosen


def write_sample_corpus(folder: Path, copies: int = 1, limit: int | None = None) -> Path:
    """The sample corpus: every topic (the first ``limit``) in every format (the mbox holds all of them)."""
    topics = sample_topics(copies, limit)
    for kind, (suffix, writer) in WRITERS.items():
        (folder / kind).mkdir(parents=True, exist_ok=True)
        for number, topic in enumerate(topics):
            (folder / kind / f"{number:04d}{suffix}").write_bytes(writer(topic))
    (folder / "mbox").mkdir(exist_ok=True)
    (folder / "mbox" / "all.mbox").write_bytes(b"".join(_mbox_entry(topic) for topic in topics))
    return folder


def _text(topic: Topic) -> bytes:
    return "\n\n".join([topic[0], *topic[1]]).encode()


def _markdown(topic: Topic) -> bytes:
    return "\n\n".join([f"# {topic[0]}", *topic[1]]).encode()


def _rst(topic: Topic) -> bytes:
    return "\n\n".join([f"{topic[0]}\n{'=' * len(topic[0])}", *topic[1]]).encode()


def _html(topic: Topic) -> bytes:
    body = "".join(f"<p>{paragraph}</p>" for paragraph in topic[1])
    return (
        f"<html><head><title>{topic[0]}</title></head><body><h1>{topic[0]}</h1>{body}</body></html>".encode()
    )


def _pdf(topic: Topic) -> bytes:
    from tests.support.pdf import make_pdf

    lines = [topic[0], *(line for paragraph in topic[1] for line in _wrapped(paragraph, 90))]
    return make_pdf([lines[start : start + 45] for start in range(0, len(lines), 45)])


def _wrapped(paragraph: str, width: int) -> list[str]:
    import textwrap

    return [*textwrap.wrap(paragraph, width), ""]


def _docx(topic: Topic) -> bytes:
    import docx

    document = docx.Document()
    document.add_heading(topic[0], level=1)
    for paragraph in topic[1]:
        document.add_paragraph(paragraph)
    return _saved(document)


def _odt(topic: Topic) -> bytes:
    from odf.opendocument import OpenDocumentText
    from odf.text import H, P

    document = OpenDocumentText()
    document.text.addElement(H(outlinelevel=1, text=topic[0]))
    for paragraph in topic[1]:
        document.text.addElement(P(text=paragraph))
    return _saved(document, method="write")


def _pptx(topic: Topic) -> bytes:
    import pptx

    deck = pptx.Presentation()
    for start in range(0, len(topic[1]), 4):
        slide = deck.slides.add_slide(deck.slide_layouts[1])
        slide.shapes.title.text = topic[0]
        slide.placeholders[1].text = "\n".join(topic[1][start : start + 4])
    return _saved(deck)


def _epub(topic: Topic) -> bytes:
    from tests.support.documents import make_epub

    chapters = [
        (f"Part {number}", "</p><p>".join(topic[1][start : start + 6]))
        for number, start in enumerate(range(0, len(topic[1]), 6), start=1)
    ]
    return make_epub(chapters, title=topic[0])


def _notebook(topic: Topic) -> bytes:
    cells = [{"cell_type": "markdown", "metadata": {}, "source": f"# {topic[0]}"}]
    for number, paragraph in enumerate(topic[1]):
        kind = "code" if number % 3 == 2 else "markdown"
        cells.append(
            {
                "cell_type": kind,
                "metadata": {},
                "source": paragraph,
                "outputs": [] if kind == "code" else None,
            }
        )
    for cell in cells:
        if cell.get("outputs") is None:
            cell.pop("outputs", None)
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}).encode()


def _message(topic: Topic) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "Ana <ana@example.org>"
    message["To"] = "Team <team@example.org>"
    message["Subject"] = topic[0]
    message["Date"] = "Tue, 02 Jan 2024 09:30:00 +0000"
    message.set_content("\n\n".join(topic[1]))
    return message


def _eml(topic: Topic) -> bytes:
    return bytes(_message(topic))


def _mbox_entry(topic: Topic) -> bytes:
    body = bytes(_message(topic)).replace(b"\nFrom ", b"\n>From ")
    return b"From ana@example.org Tue Jan  2 09:30:00 2024\n" + body + b"\n"


def _saved(document: Any, method: str = "save") -> bytes:
    buffer = io.BytesIO()
    getattr(document, method)(buffer)
    return buffer.getvalue()


WRITERS: dict[str, tuple[str, Callable[[Topic], bytes]]] = {
    "text": (".txt", _text),
    "markdown": (".md", _markdown),
    "rst": (".rst", _rst),
    "html": (".html", _html),
    "pdf": (".pdf", _pdf),
    "docx": (".docx", _docx),
    "odt": (".odt", _odt),
    "pptx": (".pptx", _pptx),
    "epub": (".epub", _epub),
    "notebook": (".ipynb", _notebook),
    "eml": (".eml", _eml),
}


def files_by_kind(corpus: Path) -> dict[str, list[SourceFile]]:
    grouped: dict[str, list[SourceFile]] = defaultdict(list)
    for entry in walk_root(corpus):
        if isinstance(entry, SourceFile):
            grouped[entry.kind].append(entry)
    return dict(grouped)


def time_kind(files: list[SourceFile]) -> tuple[float, int, int, int]:
    """(seconds, documents, passages, passage characters) for reading every file once."""
    started = time.perf_counter()
    outcomes = [load_source(source) for source in files]
    seconds = time.perf_counter() - started
    loaded = [outcome for outcome in outcomes if isinstance(outcome, LoadedDocument)]
    passages = [
        passage for outcome in loaded for part in (outcome, *outcome.parts) for passage in part.passages
    ]
    documents = sum(bool(outcome.passages) + len(outcome.parts) for outcome in loaded)
    return seconds, documents, len(passages), sum(len(passage.text) for passage in passages)


def measure_formats(corpus: Path, rounds: int = 3) -> dict[str, dict[str, Any]]:
    """Per kind: files, bytes, documents, passages, best seconds, files/s, MB/s, text MB/s and load average,
    with the kinds interleaved in every round."""
    grouped = files_by_kind(corpus)
    best: dict[str, tuple[float, int, int, int, float]] = {}
    for _ in range(rounds):
        for kind, files in sorted(grouped.items()):
            seconds, documents, passages, characters = time_kind(files)
            if kind not in best or seconds < best[kind][0]:
                best[kind] = (seconds, documents, passages, characters, os.getloadavg()[0])
    return {kind: _figures(grouped[kind], *best[kind]) for kind in sorted(best)}


def _figures(
    files: list[SourceFile], seconds: float, documents: int, passages: int, characters: int, load: float
) -> dict[str, Any]:
    size = sum(source.size for source in files)
    seconds = max(seconds, 1e-9)
    return {
        "files": len(files),
        "mb": round(size / 1e6, 2),
        "documents": documents,
        "passages": passages,
        "seconds": round(seconds, 3),
        "files_per_s": round(len(files) / seconds, 1),
        "mb_per_s": round(size / 1e6 / seconds, 2),
        "text_mb_per_s": round(characters / 1e6 / seconds, 2),
        "load_1min": round(load, 2),
    }


# --- PDF reading order -----------------------------------------------------------------------------------------


def two_column_paper(topics: list[Topic]) -> bytes | None:
    """A real two-column paper typeset by groff (``-ms``, ``.2C``: justified, hyphenated), or None when
    groff cannot write PDF here (``apt-get install groff``)."""
    import re
    import shutil
    import subprocess

    if shutil.which("groff") is None:
        return None
    source = [".TL", "Reading Order In A Two Column Paper", ".2C"]
    for title, paragraphs in topics:
        source += [".NH", title]
        source += [line for paragraph in paragraphs[:6] for line in (".PP", re.sub(r"^[.']", "", paragraph))]
    result = subprocess.run(
        ["groff", "-ms", "-Tpdf"], input="\n".join(source).encode(), capture_output=True, check=False
    )
    return result.stdout if result.returncode == 0 and result.stdout.startswith(b"%PDF") else None


def drawn_across(data: bytes) -> bytes:
    """The same PDF with each page's objects redrawn top to bottom, left to right: line by line across
    both columns, as some generators draw a page (the text and its positions are unchanged)."""
    import ctypes

    import pypdfium2
    import pypdfium2.raw as pdfium_c

    def place(page_object: Any) -> tuple[int, float]:
        left, bottom, right, top = (ctypes.c_float() for _ in range(4))
        pdfium_c.FPDFPageObj_GetBounds(page_object, left, bottom, right, top)
        return -round(bottom.value), left.value

    document = pypdfium2.PdfDocument(data)
    for page in document:
        objects = [
            pdfium_c.FPDFPage_GetObject(page.raw, index)
            for index in range(pdfium_c.FPDFPage_CountObjects(page.raw))
        ]
        for page_object in objects:
            pdfium_c.FPDFPage_RemoveObject(page.raw, page_object)
        for page_object in sorted(objects, key=place):
            pdfium_c.FPDFPage_InsertObject(page.raw, page_object)
        pdfium_c.FPDFPage_GenerateContent(page.raw)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def pdf_reading_order(topics: list[Topic]) -> dict[str, Any]:
    """Share of the source's 30-character stretches (letters and digits only, so spacing does not count)
    found intact in the extracted text: PDFium's own order against Carrel's, on the paper as groff drew
    it and redrawn across the columns; and how many extracted words are not words of the source, before
    and after line-end hyphens are joined."""
    import re

    import pypdfium2

    from corpus.pdf import clean_pdf_text, page_text

    paper = two_column_paper(topics[:12])
    if paper is None:
        return {"skipped": "groff cannot write PDF here"}

    def squash(text: str) -> str:
        return re.sub(r"[^a-z0-9]", "", text.lower())

    source = [squash(paragraph) for _, paragraphs in topics[:12] for paragraph in paragraphs[:6]]
    stretches = [text[start : start + 30] for text in source for start in range(0, len(text) - 30, 30)]
    vocabulary = set(re.findall(r"[a-z]+", " ".join(p for _, ps in topics[:12] for p in ps[:6]).lower()))

    def read(data: bytes, reader: Callable[[Any], str]) -> str:
        document = pypdfium2.PdfDocument(data)
        try:
            return "\n".join(reader(page.get_textpage()) for page in document)
        finally:
            document.close()

    def intact(text: str) -> float:
        squashed = squash(clean_pdf_text(text))
        return round(sum(stretch in squashed for stretch in stretches) / len(stretches), 3)

    def strangers(text: str) -> float:
        words = re.findall(r"[a-z]+", text.lower())
        return round(sum(word not in vocabulary for word in words) / max(1, len(words)), 4)

    figures: dict[str, Any] = {"stretches": len(stretches)}
    for layout, data in (("as_drawn", paper), ("drawn_across", drawn_across(paper))):
        pdfium = read(data, lambda textpage: str(textpage.get_text_range()))
        carrel = read(data, page_text)
        figures[layout] = {"pdfium_order": intact(pdfium), "carrel_order": intact(carrel)}
        if layout == "as_drawn":
            figures["foreign_words"] = {
                "pdfium_text": strangers(pdfium),
                "hyphens_joined": strangers(clean_pdf_text(carrel)),
            }
    return figures


def print_table(figures: dict[str, dict[str, Any]]) -> None:
    header = f"{'kind':<9} {'files':>6} {'MB':>7} {'docs':>6} {'passages':>8} {'files/s':>8} {'MB/s':>7} {'text MB/s':>9} {'load':>5}"
    print(header, file=sys.stderr)
    order = [
        *(kind for kind in BASELINE_KINDS if kind in figures),
        *(kind for kind in figures if kind not in BASELINE_KINDS),
    ]
    for kind in order:
        row = figures[kind]
        label = f"{kind}*" if kind in BASELINE_KINDS else kind
        print(
            f"{label:<9} {row['files']:>6} {row['mb']:>7} {row['documents']:>6} {row['passages']:>8} "
            f"{row['files_per_s']:>8} {row['mb_per_s']:>7} {row['text_mb_per_s']:>9} {row['load_1min']:>5}",
            file=sys.stderr,
        )
    print("* baseline: the plain-text readers Carrel always had", file=sys.stderr)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--corpus", type=Path, help="measure this folder (by kind) instead of the sample corpus"
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--copies", type=int, default=1, help="sample corpus: each topic this many times")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="carrel-format-bench-") as scratch:
        corpus = args.corpus or write_sample_corpus(Path(scratch), args.copies)
        figures = measure_formats(corpus, args.rounds)
    print_table(figures)
    order = pdf_reading_order(sample_topics(1))
    print(f"PDF reading order: {order}", file=sys.stderr)
    print(json.dumps({"rounds": args.rounds, "formats": figures, "pdf_reading_order": order}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
