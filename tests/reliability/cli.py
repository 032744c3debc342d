"""Running the real ``carrel`` command line from tests, as a user would (a fresh process each time)."""

from __future__ import annotations

import sys


def carrel(*args: str) -> list[str]:
    """The argv for ``carrel ARGS`` run from this checkout with the project's interpreter."""
    return [sys.executable, "-m", "tui.cli", *args]
