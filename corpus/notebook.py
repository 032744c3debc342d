"""Jupyter notebooks (.ipynb): markdown cells as prose, code cells as code, outputs dropped.

A notebook is a JSON document, so the standard library's ``json`` reads it; nbformat would add
validation and version upgrades (and jupyter_core and traitlets as dependencies) that text extraction
does not need. Cells are laid out as one Markdown text, code fenced with the notebook's language, and
read by :func:`corpus.formats.extract_markdown`: headings in markdown cells become the heading path,
and a ``#`` comment in a code cell stays code. Outputs are dropped: they are results, often huge
(images, tables of numbers), and the code that made them is the text people search for.
Both the current layout (``cells``, format 4) and the old one (``worksheets``, format 3) are read.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from corpus.documents import ExtractedDocument, SkipReason
from corpus.formats import clip_title, extract_markdown
from corpus.reading import RefusedFile, decode_text

_FENCE = "~~~~~~"  # longer than any fence a markdown cell is likely to hold


def extract_notebook(data: bytes, fallback_title: str, max_bytes: int) -> ExtractedDocument:
    del max_bytes  # the file's own size cap is all a JSON document needs
    try:
        notebook = json.loads(decode_text(data))
    except RecursionError as error:
        raise RefusedFile(SkipReason.DOCUMENT_TOO_DEEP, "JSON nested too deeply") from error
    except ValueError as error:
        raise RefusedFile(SkipReason.BAD_DOCUMENT, f"not a notebook: {error}") from error
    if not isinstance(notebook, dict):
        raise RefusedFile(SkipReason.BAD_DOCUMENT, "not a notebook: the JSON is not an object")
    language = _language(notebook)
    text = "\n\n".join(_cell_texts(notebook, language))
    document = extract_markdown(text, fallback_title)
    metadata = notebook.get("metadata")
    title = clip_title(str(metadata.get("title") or "")) if isinstance(metadata, dict) else ""
    return ExtractedDocument(title=title or document.title, sections=document.sections)


def _cells(notebook: dict[str, Any]) -> list[Any]:
    cells = notebook.get("cells")
    if isinstance(cells, list):
        return cells
    worksheets = notebook.get("worksheets")
    if isinstance(worksheets, list):
        return [cell for sheet in worksheets if isinstance(sheet, dict) for cell in sheet.get("cells") or []]
    raise RefusedFile(SkipReason.BAD_DOCUMENT, "not a notebook: no cells")


def _cell_texts(notebook: dict[str, Any], language: str) -> Iterator[str]:
    for cell in _cells(notebook):
        if not isinstance(cell, dict):
            continue
        kind = cell.get("cell_type")
        source = _joined(cell.get("source", cell.get("input", "")))
        if not source.strip():
            continue
        if kind in {"markdown", "heading"}:
            level = cell.get("level")
            yield f"{'#' * level} {source}" if kind == "heading" and isinstance(level, int) else source
        elif kind == "code":
            yield f"{_FENCE}{language}\n{source}\n{_FENCE}"
        elif kind == "raw":
            yield source


def _joined(source: object) -> str:
    """A cell's source is a string or a list of lines (each with its own newline)."""
    if isinstance(source, list):
        return "".join(str(line) for line in source)
    return str(source) if source is not None else ""


def _language(notebook: dict[str, Any]) -> str:
    metadata = notebook.get("metadata")
    if not isinstance(metadata, dict):
        return ""
    info = metadata.get("language_info") or metadata.get("kernelspec") or {}
    name = info.get("name") or info.get("language") if isinstance(info, dict) else ""
    return "".join(char for char in str(name or "") if char.isalnum() or char in "+-_")[:20]
