"""Turn what a document library raises into a per-file refusal with a reason.

Each reader module hands the user's bytes to a foreign library (python-docx, python-pptx, odfpy, lxml,
the email parser). Their exceptions are many and undocumented (KeyError for a missing part, lxml's
XMLSyntaxError, zlib.error for a damaged entry, AttributeError deep inside on malformed XML), and none of
them may end an indexing run. Inside :func:`reading_with`, whatever such a library raises becomes a
:class:`RefusedFile`: "malformed document" with the library's words, or "nested too deeply" for a
recursion or XML depth limit. A refusal a reader raised on purpose passes through unchanged.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from corpus.documents import SkipReason
from corpus.reading import RefusedFile

DETAIL_MAX_CHARS = 200
# libxml2 (behind lxml) refuses trees deeper than 256 levels unless asked for "huge" trees; we never ask.
_DEPTH_WORDS = ("excessive depth", "maximum recursion", "too deep")


@contextlib.contextmanager
def reading_with(library: str) -> Iterator[None]:
    """Run a foreign library over one file's bytes, translating its failures into refusals."""
    try:
        yield
    except RefusedFile:
        raise
    except MemoryError:
        raise
    except RecursionError as error:
        raise RefusedFile(SkipReason.DOCUMENT_TOO_DEEP, f"{library}: recursion limit") from error
    except Exception as error:  # a library's own failure on this file's bytes, whatever its type
        raise library_refusal(library, error) from error


def library_refusal(library: str, error: Exception) -> RefusedFile:
    words = " ".join(str(error).split()) or type(error).__name__
    detail = f"{library}: {words}"[:DETAIL_MAX_CHARS]
    if any(word in words.lower() for word in _DEPTH_WORDS):
        return RefusedFile(SkipReason.DOCUMENT_TOO_DEEP, detail)
    return RefusedFile(SkipReason.BAD_DOCUMENT, detail)
