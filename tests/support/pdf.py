"""Make small, valid, text-bearing PDFs with PDFium itself, so tests need no binary fixtures."""

from __future__ import annotations

import ctypes
import io
from collections.abc import Sequence

import pypdfium2
import pypdfium2.raw as pdfium_c

PAGE_WIDTH, PAGE_HEIGHT = 612, 792
FONT_SIZE = 12
LINE_HEIGHT = 16


def make_pdf(pages: Sequence[Sequence[str]]) -> bytes:
    """A PDF with one page per item of ``pages``, each line drawn in Helvetica, top to bottom."""
    document = pypdfium2.PdfDocument.new()
    try:
        for lines in pages:
            _add_page(document, lines)
        buffer = io.BytesIO()
        document.save(buffer)
    finally:
        document.close()
    return buffer.getvalue()


def _add_page(document: pypdfium2.PdfDocument, lines: Sequence[str]) -> None:
    page = document.new_page(PAGE_WIDTH, PAGE_HEIGHT)
    baseline = PAGE_HEIGHT - 50
    for line in lines:
        text_object = pdfium_c.FPDFPageObj_NewTextObj(document.raw, b"Helvetica", ctypes.c_float(FONT_SIZE))
        encoded = ctypes.create_string_buffer((line + "\0").encode("utf-16-le"))
        pdfium_c.FPDFText_SetText(text_object, ctypes.cast(encoded, ctypes.POINTER(pdfium_c.FPDF_WCHAR)))
        pdfium_c.FPDFPageObj_Transform(text_object, 1, 0, 0, 1, 50, baseline)
        pdfium_c.FPDFPage_InsertObject(page.raw, text_object)
        baseline -= LINE_HEIGHT
    pdfium_c.FPDFPage_GenerateContent(page.raw)
    page.close()


def make_placed_pdf(pages: Sequence[Sequence[tuple[float, float, str]]], font_size: float = 10) -> bytes:
    """A PDF whose pages hold text objects at given ``(x, baseline, text)`` positions, drawn in the order
    given: tests lay out columns and choose whether the content stream runs column by column or across."""
    document = pypdfium2.PdfDocument.new()
    try:
        for placed in pages:
            page = document.new_page(PAGE_WIDTH, PAGE_HEIGHT)
            for x, baseline, text in placed:
                _place_text(document, page, x, baseline, text, font_size)
            pdfium_c.FPDFPage_GenerateContent(page.raw)
            page.close()
        buffer = io.BytesIO()
        document.save(buffer)
    finally:
        document.close()
    return buffer.getvalue()


def _place_text(
    document: pypdfium2.PdfDocument,
    page: pypdfium2.PdfPage,
    x: float,
    baseline: float,
    text: str,
    size: float,
) -> None:
    text_object = pdfium_c.FPDFPageObj_NewTextObj(document.raw, b"Helvetica", ctypes.c_float(size))
    encoded = ctypes.create_string_buffer((text + "\0").encode("utf-16-le"))
    pdfium_c.FPDFText_SetText(text_object, ctypes.cast(encoded, ctypes.POINTER(pdfium_c.FPDF_WCHAR)))
    pdfium_c.FPDFPageObj_Transform(text_object, 1, 0, 0, 1, x, baseline)
    pdfium_c.FPDFPage_InsertObject(page.raw, text_object)
