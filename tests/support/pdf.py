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
