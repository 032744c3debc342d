"""Text as Tantivy and the user need it: no lone surrogates, paths as the user knows them.

A module of its own, with nothing heavy imported, because extraction workers need these two functions
and every worker would otherwise load the pydantic result models too (10 MB and 0.1 s each).
"""

from __future__ import annotations

import os
from pathlib import Path


def clean_text(text: str) -> str:
    """Tantivy rejects lone surrogates (from undecodable file names or PDF text): replace them."""
    if text.isascii():
        return text
    return text.encode("utf-8", "replace").decode("utf-8")


def display_path(path: Path | str) -> str:
    """The path as the user knows it; undecodable name bytes become ``\\xNN`` escapes."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")
