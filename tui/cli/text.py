"""How the commands write names that came from files and models: on one line, control characters escaped."""

from __future__ import annotations


def printable(text: str) -> str:
    """One display line: control characters (newlines in file names) shown as escapes."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)
