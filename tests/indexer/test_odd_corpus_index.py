"""A whole run over hostile files completes, reports each one, and reads nothing outside the root."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from corpus.documents import SkipReason
from indexer.build import index_folders
from indexer.search import open_search_tool
from tests.support.odd_files import OddCorpus, make_odd_corpus, restore_permissions


@pytest.fixture
def odd(tmp_path: Path) -> Iterator[OddCorpus]:
    corpus = make_odd_corpus(tmp_path)
    yield corpus
    restore_permissions(corpus)


def test_run_completes_and_reports_every_odd_file(odd: OddCorpus, tmp_path: Path) -> None:
    summary = index_folders([odd.root], tmp_path / "index", workers=1)
    reported = {
        os.path.relpath(
            os.fsencode(problem.path).decode("utf-8", "surrogateescape"), odd.root
        ): problem.reason
        for problem in [*summary.skipped_files, *summary.failed]
    }
    for name, reason in odd.expected.items():
        if reason is None or reason in {SkipReason.UNSUPPORTED, SkipReason.HIDDEN}:
            continue
        assert reported.get(name, "").startswith(reason.value), (name, reported.get(name))
    assert summary.skipped[SkipReason.UNSUPPORTED.value] == 1
    assert summary.documents == len(odd.indexed_names)


def test_nothing_outside_the_root_is_indexed(odd: OddCorpus, tmp_path: Path) -> None:
    index_folders([odd.root], tmp_path / "index", workers=1)
    tool = open_search_tool(tmp_path / "index")
    assert tool.search("zanzibar").items == []
    assert tool.search("quokka").items
    for hit in tool.search("platypus wombat numbat quokka", limit=10).items:
        assert hit.path.startswith(str(odd.root) + os.sep)


def test_odd_names_are_shown_escaped_and_searchable(odd: OddCorpus, tmp_path: Path) -> None:
    index_folders([odd.root], tmp_path / "index", workers=1)
    tool = open_search_tool(tmp_path / "index")
    assert tool.search("wombat").items[0].path == str(odd.root / "caf\\xe9.md")
    assert tool.search("platypus").items[0].path == str(odd.root / "new\nline.md")
