"""Read one found file into passages: the unit of work an extraction worker does.

Everything that can go wrong with a single file ends here as a :class:`SkippedFile`, never as an
exception escaping to the indexer, so one bad file never aborts a run.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from corpus.documents import ExtractedDocument, Passage, SkippedFile, SkipReason, SourceFile
from corpus.formats import extract_html, extract_markdown, extract_plain, extract_rst
from corpus.passages import split_passages
from corpus.reading import RefusedFile, decode_text, gunzip_capped, read_capped
from corpus.walk import DEFAULT_MAX_BYTES, file_kind

TextExtractor = Callable[[str, str], ExtractedDocument]


# (bytes, fallback title, size cap) -> document: readers of binary and packaged formats.
BytesExtractor = Callable[[bytes, str, int], ExtractedDocument]


def _reader(module: str, name: str) -> BytesExtractor:
    """The reader ``module.name``, imported with the first file of its kind. Imported up front, the readers a
    folder does not need cost every process that extracts 15 ms of CPU at its start (the ``email`` package
    alone a third of it), and PDFium (``corpus.pdf``) 45 ms more."""

    def extract(data: bytes, title: str, max_bytes: int) -> ExtractedDocument:
        reader: BytesExtractor = getattr(importlib.import_module(module), name)
        return reader(data, title, max_bytes)

    return extract


def _extract_pdf(data: bytes, title: str, _max_bytes: int) -> ExtractedDocument:
    from corpus.pdf import extract_pdf

    return extract_pdf(data, title)


def _extract_eml(data: bytes, title: str, max_bytes: int) -> ExtractedDocument:
    from corpus.mail import extract_eml

    return extract_eml(data, title, _part_extractor(max_bytes), attachment_kind)


def _extract_mbox(data: bytes, title: str, max_bytes: int) -> ExtractedDocument:
    from corpus.mail import extract_mbox

    return extract_mbox(data, title, _part_extractor(max_bytes), attachment_kind)


TEXT_EXTRACTORS: dict[str, TextExtractor] = {
    "text": extract_plain,
    "markdown": extract_markdown,
    "rst": extract_rst,
    "html": extract_html,
}
BYTES_EXTRACTORS: dict[str, BytesExtractor] = {
    "pdf": _extract_pdf,
    "docx": _reader("corpus.office", "extract_docx"),
    "odt": _reader("corpus.office", "extract_odt"),
    "pptx": _reader("corpus.office", "extract_pptx"),
    "epub": _reader("corpus.epub", "extract_epub"),
    "notebook": _reader("corpus.notebook", "extract_notebook"),
    "eml": _extract_eml,
    "mbox": _extract_mbox,
}
# The text formats index a file with no text as an empty document, as they always have; PDFs and the
# packaged formats report it instead, so a scanned PDF or a deck of pictures is not mistaken for indexed text.
_EMPTY_IS_REPORTED = frozenset(BYTES_EXTRACTORS)


@dataclass(frozen=True, slots=True)
class LoadedPart:
    """One further document of a file (a message of an mbox, an attachment), cut into passages."""

    title: str
    passages: list[Passage]


@dataclass(frozen=True, slots=True)
class LoadedDocument:
    """A file read and cut into passages, with the content hash the manifest records. ``parts`` are the
    file's further documents, in order; only those with passages are kept."""

    source: SourceFile
    content_hash: str
    title: str
    passages: list[Passage]
    parts: list[LoadedPart] = field(default_factory=list)

    @property
    def passage_count(self) -> int:
        return len(self.passages) + sum(len(part.passages) for part in self.parts)


def content_digest(data: bytes) -> str:
    """128 bits of SHA-256: CPUs hash it in hardware (SHA extensions), 2.5x faster than BLAKE2b here."""
    return hashlib.sha256(data).hexdigest()[:32]


def fallback_title(source: SourceFile) -> str:
    name = PurePosixPath(source.relative).name
    return name[:-3] if source.compressed else name


def load_source(source: SourceFile, max_bytes: int = DEFAULT_MAX_BYTES) -> LoadedDocument | SkippedFile:
    """Read, decompress, decode, extract and split one file; refusals come back as SkippedFile."""
    try:
        raw = read_capped(source.path, max_bytes)
        document = extract_bytes(
            source, gunzip_capped(raw, max_bytes) if source.compressed else raw, max_bytes
        )
    except RefusedFile as refused:
        return SkippedFile(source.path, refused.reason, refused.detail)
    except (RecursionError, MemoryError) as error:
        return SkippedFile(source.path, SkipReason.READ_ERROR, type(error).__name__)
    passages = split_passages(document)
    parts = [LoadedPart(part.title, cut) for part in document.parts if (cut := split_passages(part))]
    if not passages and not parts and source.kind in _EMPTY_IS_REPORTED:
        return SkippedFile(
            source.path, SkipReason.NO_TEXT_LAYER if source.kind == "pdf" else SkipReason.NO_TEXT
        )
    return LoadedDocument(
        source=source, content_hash=content_digest(raw), title=document.title, passages=passages, parts=parts
    )


def extract_bytes(source: SourceFile, data: bytes, max_bytes: int = DEFAULT_MAX_BYTES) -> ExtractedDocument:
    if not data:
        raise RefusedFile(SkipReason.EMPTY)
    return extract_kind(source.kind, data, fallback_title(source), max_bytes)


def extract_kind(kind: str, data: bytes, title: str, max_bytes: int) -> ExtractedDocument:
    """The document in ``data`` read as ``kind`` (a key of the walk's file-kind table)."""
    if kind in BYTES_EXTRACTORS:
        return BYTES_EXTRACTORS[kind](data, title, max_bytes)
    return TEXT_EXTRACTORS[kind](decode_text(data), title)


def attachment_kind(name: str) -> str | None:
    """The kind a mail attachment named ``name`` is read as; None for types Carrel does not read.
    Compressed attachments are left alone: a .gz inside a message is rare and one more bomb to defuse."""
    kind = file_kind(name)
    return kind[0] if kind is not None and not kind[1] else None


def _part_extractor(max_bytes: int) -> Callable[[str, bytes, str], ExtractedDocument]:
    def extract_part(kind: str, data: bytes, title: str) -> ExtractedDocument:
        if not data:
            raise RefusedFile(SkipReason.EMPTY)
        return extract_kind(kind, data, title, max_bytes)

    return extract_part
