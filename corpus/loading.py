"""Read one found file into passages: the unit of work an extraction worker does.

Everything that can go wrong with a single file ends here as a :class:`SkippedFile`, never as an
exception escaping to the indexer, so one bad file never aborts a run.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath

from corpus.documents import ExtractedDocument, Passage, SkippedFile, SkipReason, SourceFile
from corpus.formats import extract_html, extract_markdown, extract_pdf, extract_plain, extract_rst
from corpus.passages import split_passages
from corpus.reading import RefusedFile, decode_text, gunzip_capped, read_capped
from corpus.walk import DEFAULT_MAX_BYTES

TextExtractor = Callable[[str, str], ExtractedDocument]

TEXT_EXTRACTORS: dict[str, TextExtractor] = {
    "text": extract_plain,
    "markdown": extract_markdown,
    "rst": extract_rst,
    "html": extract_html,
}


@dataclass(frozen=True, slots=True)
class LoadedDocument:
    """A file read and cut into passages, with the content hash the manifest records."""

    source: SourceFile
    content_hash: str
    title: str
    passages: list[Passage]


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
        document = extract_bytes(source, gunzip_capped(raw, max_bytes) if source.compressed else raw)
    except RefusedFile as refused:
        return SkippedFile(source.path, refused.reason, refused.detail)
    except (RecursionError, MemoryError) as error:
        return SkippedFile(source.path, SkipReason.READ_ERROR, type(error).__name__)
    passages = split_passages(document)
    return LoadedDocument(
        source=source, content_hash=content_digest(raw), title=document.title, passages=passages
    )


def extract_bytes(source: SourceFile, data: bytes) -> ExtractedDocument:
    if not data:
        raise RefusedFile(SkipReason.EMPTY)
    title = fallback_title(source)
    if source.kind == "pdf":
        return extract_pdf(data, title)
    return TEXT_EXTRACTORS[source.kind](decode_text(data), title)
