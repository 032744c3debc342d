"""EPUB books: ebooklib finds the chapters in spine order, Carrel's HTML reader reads each one.

ebooklib parses the package document (the manifest, the spine that fixes reading order, the table of
contents) with lxml without resolving entities. Each chapter's XHTML then goes through
:func:`corpus.formats.extract_html`, the same selectolax reader as any web page (depth pre-scan
included), so a chapter's own headings become headings below the chapter's title. The title comes from
the table of contents, else the chapter's first heading: a citation reads ``Book > Chapter 3 > Section``.
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Iterable, Iterator
from typing import Any

from corpus.containers import open_package, read_member
from corpus.documents import ExtractedDocument, Section, SkipReason
from corpus.foreign import reading_with
from corpus.formats import clip_title, extract_html
from corpus.reading import RefusedFile, decode_text

MAX_TOC_DEPTH = 32
# encryption.xml lists every encrypted resource; fonts are often obfuscated, which is harmless, but an
# encrypted chapter (DRM) would read as noise.
_CHAPTER_REFERENCES = (b'.xhtml"', b'.html"', b'.htm"')


def extract_epub(data: bytes, fallback_title: str, max_bytes: int) -> ExtractedDocument:
    """Chapters in spine order, each titled from the table of contents."""
    with open_package(data, max_bytes, "EPUB book") as archive:
        encryption = read_member(archive, "META-INF/encryption.xml") or b""
    if any(reference in encryption for reference in _CHAPTER_REFERENCES):
        raise RefusedFile(SkipReason.ENCRYPTED, "DRM-encrypted chapters")
    with reading_with("ebooklib"), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ebooklib warns about its own future defaults
        from ebooklib import epub

        book = epub.read_epub(io.BytesIO(data), {"ignore_ncx": False})
        titles: dict[str, str] = {}
        for chapter_file, chapter_title in _toc_titles(book.toc, 0):
            titles.setdefault(chapter_file, chapter_title)
        sections = list(_spine_sections(book, titles))
        title = clip_title(_first_metadata(book, "title"))
    return ExtractedDocument(title=title or fallback_title, sections=sections)


def _spine_sections(book: Any, titles: dict[str, str]) -> Iterator[Section]:
    for number, (item_id, _linear) in enumerate(book.spine, start=1):
        item = book.get_item_with_id(item_id)
        if item is None or not str(item.media_type).endswith(("html+xml", "/html")):
            continue
        chapter = extract_html(decode_text(item.get_content()), "")
        name = titles.get(item.file_name) or _first_heading(chapter.sections) or f"Chapter {number}"
        for section in chapter.sections:
            inner = section.headings[1:] if section.headings[:1] == (name,) else section.headings
            yield Section(headings=(name, *inner), text=section.text)


def _first_heading(sections: list[Section]) -> str:
    return next((section.headings[0] for section in sections if section.headings), "")


def _toc_titles(entries: Iterable[Any], depth: int) -> Iterator[tuple[str, str]]:
    """(chapter file, title) from the table of contents, outermost entries first, so a file listed
    twice is named by its first entry (the chapter, not one of its sections)."""
    if depth > MAX_TOC_DEPTH:
        return
    for entry in entries:
        if isinstance(entry, tuple | list) and len(entry) == 2:
            section, children = entry
            yield from _toc_titles([section], depth + 1)
            yield from _toc_titles(children, depth + 1)
        elif getattr(entry, "href", "") and getattr(entry, "title", ""):
            yield str(entry.href).split("#", 1)[0], clip_title(str(entry.title))


def _first_metadata(book: Any, name: str) -> str:
    values = book.get_metadata("DC", name)
    return str(values[0][0]) if values and values[0] and values[0][0] else ""
