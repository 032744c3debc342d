"""EPUB books: the package document gives the chapters in spine order, Carrel's HTML reader reads each.

An EPUB is a zip whose ``META-INF/container.xml`` names the package document (the OPF): its manifest lists
the book's files, its spine fixes their reading order, and its table of contents (an EPUB 3 navigation
document, or an EPUB 2 NCX file) names the chapters. Those three small XML files are read with lxml
(already here for python-docx and python-pptx), with entities left unresolved and no network, matching
elements by local name so that books with sloppy namespaces still read. ebooklib would do the same
walk, but it is licensed under the AGPL, which an MIT-licensed tool should not ship, and it unpacks every
file of the book (images included) to read a few.

Each chapter's XHTML goes through :func:`corpus.formats.extract_html`, the same selectolax reader as any
web page (depth pre-scan included), so a chapter's own headings become headings below the chapter's
title. The title comes from the table of contents, else the chapter's first heading: a citation reads
``Chapter 3 > Section``.
"""

from __future__ import annotations

import posixpath
import zipfile
from collections.abc import Iterator
from typing import Any
from urllib.parse import unquote

from corpus.containers import open_package, read_member
from corpus.documents import ExtractedDocument, Section, SkipReason
from corpus.foreign import reading_with
from corpus.formats import clip_title, extract_html
from corpus.reading import RefusedFile, decode_text

# encryption.xml lists every encrypted resource; fonts are often obfuscated, which is harmless, but an
# encrypted chapter (DRM) would read as noise.
_CHAPTER_REFERENCES = (b'.xhtml"', b'.html"', b'.htm"')
_HTML_TYPES = ("application/xhtml+xml", "text/html")


def extract_epub(data: bytes, fallback_title: str, max_bytes: int) -> ExtractedDocument:
    """Chapters in spine order, each titled from the table of contents."""
    with open_package(data, max_bytes, "EPUB book") as archive, reading_with("lxml"):
        if any(
            reference in (read_member(archive, "META-INF/encryption.xml") or b"")
            for reference in _CHAPTER_REFERENCES
        ):
            raise RefusedFile(SkipReason.ENCRYPTED, "DRM-encrypted chapters")
        package = _Package.read(archive)
        sections = list(package.sections())
    return ExtractedDocument(title=package.title or fallback_title, sections=sections)


def _parse(data: bytes) -> Any:
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, recover=True)
    root = etree.fromstring(data, parser)
    if root is None:
        raise RefusedFile(SkipReason.BAD_DOCUMENT, "empty XML document")
    return root


def _local(element: Any) -> str:
    tag = element.tag
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _elements(root: Any, name: str) -> Iterator[Any]:
    return (element for element in root.iter() if _local(element) == name)


def _text(element: Any) -> str:
    return " ".join("".join(element.itertext()).split())


class _Package:
    """The package document of one book: where its files are, their order, and their titles."""

    def __init__(self, archive: zipfile.ZipFile, opf_path: str, opf: Any) -> None:
        self.archive = archive
        self.base = posixpath.dirname(opf_path)
        self.items = {
            item.get("id"): (
                item.get("href") or "",
                item.get("media-type") or "",
                item.get("properties") or "",
            )
            for item in _elements(opf, "item")
        }
        self.spine = [itemref.get("idref") for itemref in _elements(opf, "itemref")]
        self.ncx_id = next((spine.get("toc") for spine in _elements(opf, "spine")), None)
        self.title = clip_title(next((_text(title) for title in _elements(opf, "title")), ""))

    @classmethod
    def read(cls, archive: zipfile.ZipFile) -> _Package:
        container = read_member(archive, "META-INF/container.xml")
        if container is None:
            raise RefusedFile(SkipReason.BAD_DOCUMENT, "no META-INF/container.xml: not an EPUB")
        opf_path = next((root.get("full-path") for root in _elements(_parse(container), "rootfile")), None)
        opf = read_member(archive, opf_path) if opf_path else None
        if not opf_path or opf is None:
            raise RefusedFile(SkipReason.BAD_DOCUMENT, "the package document is missing")
        return cls(archive, opf_path, _parse(opf))

    def path_of(self, href: str, relative_to: str | None = None) -> str:
        """An archive path for ``href``, relative to the package document (or another file's folder)."""
        folder = self.base if relative_to is None else posixpath.dirname(relative_to)
        return posixpath.normpath(posixpath.join(folder, unquote(href.split("#", 1)[0])))

    def sections(self) -> Iterator[Section]:
        titles = self.chapter_titles()
        for number, item_id in enumerate(self.spine, start=1):
            href, media_type, _properties = self.items.get(item_id, ("", "", ""))
            path = self.path_of(href) if href else ""
            content = read_member(self.archive, path) if media_type in _HTML_TYPES and path else None
            if content is None:
                continue
            chapter = extract_html(decode_text(content), "") if content.strip() else ExtractedDocument("")
            name = titles.get(path) or _first_heading(chapter.sections) or f"Chapter {number}"
            for section in chapter.sections:
                inner = section.headings[1:] if section.headings[:1] == (name,) else section.headings
                yield Section(headings=(name, *inner), text=section.text)

    def chapter_titles(self) -> dict[str, str]:
        """Archive path -> title, from the EPUB 3 navigation document, else the EPUB 2 NCX; a file listed
        twice is named by its first entry (the chapter, not one of its sections)."""
        titles: dict[str, str] = {}
        for path, title in self.nav_entries() or self.ncx_entries():
            if title:
                titles.setdefault(path, clip_title(title))
        return titles

    def nav_entries(self) -> list[tuple[str, str]]:
        nav_href = next(
            (href for href, _type, properties in self.items.values() if "nav" in properties.split()), ""
        )
        nav_data = read_member(self.archive, self.path_of(nav_href)) if nav_href else None
        if nav_data is None:
            return []
        nav_path = self.path_of(nav_href)
        tocs = [
            nav
            for nav in _elements(_parse(nav_data), "nav")
            if "toc" in " ".join(nav.attrib.values()).split()
        ]
        return [
            (self.path_of(link.get("href") or "", nav_path), _text(link))
            for toc in tocs[:1]
            for link in _elements(toc, "a")
            if link.get("href")
        ]

    def ncx_entries(self) -> list[tuple[str, str]]:
        href = self.items.get(self.ncx_id, ("", "", ""))[0] if self.ncx_id else ""
        ncx_data = read_member(self.archive, self.path_of(href)) if href else None
        if ncx_data is None:
            return []
        ncx_path = self.path_of(href)
        entries = []
        for point in _elements(_parse(ncx_data), "navPoint"):
            label = next((_text(text) for text in _elements(point, "text")), "")
            source = next((content.get("src") for content in _elements(point, "content")), None)
            if source:
                entries.append((self.path_of(source, ncx_path), label))
        return entries


def _first_heading(sections: list[Section]) -> str:
    return next((section.headings[0] for section in sections if section.headings), "")
