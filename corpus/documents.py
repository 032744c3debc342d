"""Plain records passed between the walk, the readers and the indexer.

They are frozen dataclasses rather than pydantic models because thousands of them cross a process
boundary per run (pickled to and from extraction workers) and must stay cheap to build.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path


class SkipReason(StrEnum):
    """Why a file was not indexed; the value is the one-line reason shown to the user."""

    UNSUPPORTED = "unsupported file type"
    HIDDEN = "hidden folder"
    TOO_LARGE = "over the size cap"
    GZIP_TOO_LARGE = "decompresses past the size cap"
    EMPTY = "empty file"
    BINARY = "binary content"
    UNDECODABLE = "not decodable as text"
    UNREADABLE = "permission denied"
    DIRECTORY_UNREADABLE = "directory not readable"
    SYMLINK_LOOP = "symlink loop"
    DANGLING_SYMLINK = "dangling symlink"
    OUTSIDE_ROOT = "symlink leads outside the folder"
    NOT_REGULAR = "not a regular file"
    VANISHED = "file disappeared before it was read"
    BAD_GZIP = "truncated or corrupt gzip"
    BAD_PDF = "malformed PDF"
    BAD_HTML = "HTML could not be parsed"
    HTML_TOO_DEEP = "HTML nested too deeply"
    MISNAMED = "content does not match its file type"
    ENCRYPTED = "encrypted or password-protected"
    ARCHIVE_TOO_LARGE = "unpacks past the size cap"
    BAD_DOCUMENT = "malformed document"
    DOCUMENT_TOO_DEEP = "document nested too deeply"
    NO_TEXT_LAYER = "no text (scanned?)"
    NO_TEXT = "no text"
    WORKER_CRASHED = "extracting it crashed the worker process"
    READ_ERROR = "read error"


@dataclass(frozen=True, slots=True)
class SourceFile:
    """A regular file under a root that has a supported type, found by the walk but not yet read.

    ``path`` is the real location (may contain surrogate-escaped bytes); ``relative`` is the path
    relative to the root, which the document ID is derived from.
    """

    root: Path
    path: Path
    relative: str
    kind: str
    compressed: bool
    size: int
    mtime_ns: int


@dataclass(frozen=True, slots=True)
class SkippedFile:
    """A file or folder the walk or a reader refused, with the reason the user will see."""

    path: Path
    reason: SkipReason
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Section:
    """A run of text under one heading path (and, for PDFs and slide decks, on one page or slide)."""

    headings: tuple[str, ...]
    text: str
    page: int | None = None


@dataclass(frozen=True, slots=True)
class ExtractedDocument:
    """The clean text of one file, still in reading order, before it is cut into passages.

    ``parts`` are further documents the same file holds, each cited on its own: the messages of an
    mbox after the first, a message's attachments. They are flat (an attachment of an attachment is
    one more part) and are indexed, replaced and deleted together with the file.
    """

    title: str
    sections: list[Section] = field(default_factory=list)
    parts: list[ExtractedDocument] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Passage:
    """A few hundred words of one document, on heading/paragraph boundaries: the unit we index."""

    ordinal: int
    heading: str
    text: str
    page: int | None = None
