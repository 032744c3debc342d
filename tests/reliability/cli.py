"""Running the real ``carrel`` command line from tests, as a user would (a fresh process each time)."""

from __future__ import annotations

import functools
import re
import subprocess
import sys


def carrel(*args: str) -> list[str]:
    """The argv for ``carrel ARGS`` run from this checkout with the project's interpreter."""
    return [sys.executable, "-m", "tui.cli", *args]


@functools.cache
def has_command(name: str) -> bool:
    """Whether ``carrel --help`` lists the subcommand (commands land one by one while the team builds)."""
    listing = subprocess.run(carrel("--help"), capture_output=True, text=True, check=False).stdout
    return re.search(rf"^\s+{re.escape(name)}\s", listing, re.MULTILINE) is not None
