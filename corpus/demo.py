"""The demo corpus: the Python language reference topics that ship inside every CPython.

``pydoc_data.topics`` holds the text ``help('assert')`` prints: 79 topics already on disk, so a
first run (and the eval suite) has a realistic corpus with no download. Each topic becomes one
Markdown file, ``<topic>.md``, whose reStructuredText-style underlined titles become ``#``
headings so the indexer can split passages by heading. Writing is idempotent: a file whose bytes
would not change is left alone (its mtime too), which keeps re-indexing incremental.
"""

from __future__ import annotations

import platform
from dataclasses import dataclass, field
from pathlib import Path

# The characters reStructuredText uses to underline titles in pydoc's topics, outermost first.
_UNDERLINE_LEVELS = {"*": 1, "=": 2, "-": 3, "~": 4}


@dataclass(frozen=True)
class DemoCorpusSummary:
    """What ``write_demo_corpus`` did: where the documents are and which files it (re)wrote."""

    root: Path
    documents: list[Path]
    written: list[Path] = field(default_factory=list)
    python_version: str = field(default_factory=platform.python_version)

    @property
    def unchanged(self) -> int:
        return len(self.documents) - len(self.written)


def demo_topics() -> dict[str, str]:
    """Topic name to raw text, as the running CPython ships them."""
    from pydoc_data.topics import topics

    return dict(topics)


def topic_file_name(topic: str) -> str:
    """A stable, portable file name for a topic (names are already ``[a-z-]``; keep it that way)."""
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in topic)
    return f"{safe}.md"


def _underline_level(title: str, underline: str) -> int | None:
    """The heading level if ``underline`` underlines ``title`` (same length, one character)."""
    if not title.strip() or len(underline) != len(title) or len(set(underline)) != 1:
        return None
    return _UNDERLINE_LEVELS.get(underline[0])


def topic_markdown(text: str) -> str:
    """Turn a topic's underlined titles into Markdown ``#`` headings; the rest stays as it is."""
    lines = text.strip("\n").split("\n")
    output: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        following = lines[index + 1] if index + 1 < len(lines) else ""
        level = _underline_level(line, following)
        if level is not None:
            output.append(f"{'#' * level} {line.strip()}")
            index += 2
            continue
        output.append(line.rstrip())
        index += 1
    return "\n".join(output) + "\n"


def _write_if_changed(path: Path, content: str) -> bool:
    """Write ``content`` unless the file already holds exactly that; True when it wrote."""
    data = content.encode("utf-8")
    if path.is_file() and path.read_bytes() == data:
        return False
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_bytes(data)
    temporary.replace(path)
    return True


def write_demo_corpus(target_dir: Path) -> DemoCorpusSummary:
    """Write every topic as ``<topic>.md`` under ``target_dir``; unchanged files are not touched."""
    target_dir.mkdir(parents=True, exist_ok=True)
    documents: list[Path] = []
    written: list[Path] = []
    for topic, text in sorted(demo_topics().items()):
        path = target_dir / topic_file_name(topic)
        documents.append(path)
        if _write_if_changed(path, topic_markdown(text)):
            written.append(path)
    return DemoCorpusSummary(root=target_dir, documents=documents, written=written)
