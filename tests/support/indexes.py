"""Build real fixture corpora and indexes for any test (indexer, agent, TUI, eval).

The corpus is realistic but small: Markdown, plain text, HTML with chrome to strip, reStructuredText,
a gzip-compressed Markdown file and a two-page PDF, each with a few distinctive facts to search for.
Every call copies it into the test's own ``tmp_path``: never share a mutable index between tests.
"""

from __future__ import annotations

import gzip
import shutil
from collections.abc import Mapping
from pathlib import Path

from indexer.build import index_folders
from tests.support.pdf import make_pdf

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
FIXTURE_CORPUS = FIXTURES / "corpus"
FIXTURE_SOURCES = FIXTURES / "sources"

# Relative paths of every document in the fixture corpus.
FIXTURE_DOCUMENTS = (
    "archive/lighthouses.md.gz",
    "manuals/espresso-machine.html",
    "notes/reading-list.txt",
    "notes/sourdough.md",
    "papers/bee-navigation.pdf",
    "papers/inverted-indexes.rst",
)


def pdf_pages(text: str) -> list[list[str]]:
    """Form feeds separate pages; each line of a page becomes one line of PDF text."""
    return [[line for line in page.splitlines() if line.strip()] for page in text.split("\f")]


def write_fixture_corpus(target: Path) -> Path:
    """Copy the fixture corpus to ``target`` and generate its ``.gz`` and PDF members."""
    shutil.copytree(FIXTURE_CORPUS, target)
    (target / "archive").mkdir(exist_ok=True)
    markdown = (FIXTURE_SOURCES / "lighthouses.md").read_bytes()
    (target / "archive" / "lighthouses.md.gz").write_bytes(gzip.compress(markdown, mtime=0))
    bee_text = (FIXTURE_SOURCES / "bee-navigation.txt").read_text(encoding="utf-8")
    (target / "papers" / "bee-navigation.pdf").write_bytes(make_pdf(pdf_pages(bee_text)))
    return target


def build_fixture_index(tmp_path: Path) -> tuple[Path, Path]:
    """Write the fixture corpus under ``tmp_path`` and index it; returns ``(corpus_dir, index_dir)``."""
    corpus_dir = write_fixture_corpus(tmp_path / "corpus")
    index_dir = tmp_path / "index"
    index_folders([corpus_dir], index_dir, workers=1)
    return corpus_dir, index_dir


def index_documents(tmp_path: Path, documents: Mapping[str, str]) -> Path:
    """Write ``documents`` (file name -> text) to ``tmp_path/docs``, index them, and return the index folder."""
    docs = tmp_path / "docs"
    docs.mkdir()
    for name, text in documents.items():
        (docs / name).write_text(text, encoding="utf-8")
    index_folders([docs], tmp_path / "index")
    return tmp_path / "index"


def daemon_names(count: int) -> list[str]:
    """``count`` distinct made-up daemon names, alphabetic, so each is one index term ("alpha" first)."""
    heads = ("al", "br", "ch", "de", "ec", "fo", "go", "ho")
    tails = ("pha", "avo", "ice", "lta", "rho", "xen", "lf", "tel")
    names = [head + tail for head in heads for tail in tails]
    assert count <= len(names)
    return names[:count]


def daemon_pages(names: list[str]) -> dict[str, str]:
    """One one-passage page per daemon, each listening on its own port by default ("alpha" on 7001): a corpus
    where "the daemon's default port" has one answer per page."""
    return {
        f"{name}.md": f"# The {name} daemon\n\nThe {name} daemon listens on port {7001 + n} by default.\n"
        for n, name in enumerate(names)
    }
