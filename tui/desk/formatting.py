"""How paths, times and counts read on screen: short, stable, and the same on every screen."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from agent.state import Source


def display_path(path: str | Path, *, cwd: Path | None = None, home: Path | None = None) -> str:
    """A path relative to the working directory when inside it, else with ``~`` for the home folder.

    Users launch Carrel from their project; short relative paths are what they would type themselves.
    """
    candidate = Path(path)
    base = cwd if cwd is not None else Path.cwd()
    user_home = home if home is not None else Path.home()
    if candidate.is_absolute():
        if candidate.is_relative_to(base) and candidate != base:
            return str(candidate.relative_to(base))
        if candidate.is_relative_to(user_home) and candidate != user_home:
            return str(Path("~") / candidate.relative_to(user_home))
    return str(candidate)


def relative_time(moment: datetime, now: datetime) -> str:
    """'just now', '5 min ago', '3 h ago', else the date: what a glance at a list needs."""
    seconds = (now - moment).total_seconds()
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h ago"
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def source_place(source: Source) -> str:
    """Where in its document a source sits: the heading path and the PDF page when there is one."""
    parts = []
    if source.heading:
        parts.append(f"§ {source.heading}")
    if source.page is not None:
        parts.append(f"p. {source.page}")
    return "  ".join(parts)


def count(value: int) -> str:
    """Thousands separators, so token counts read at a glance."""
    return f"{value:,}"
