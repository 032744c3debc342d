"""Incremental indexing against real Tantivy indexes in tmp_path."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from indexer.build import document_id, index_folders, list_roots, remove_root
from indexer.errors import RootFolderError
from indexer.search import SearchTool, open_search_tool
from tests.support.indexes import FIXTURE_DOCUMENTS, build_fixture_index, write_fixture_corpus


def search_paths(tool: SearchTool, query: str) -> set[str]:
    return {hit.path for hit in tool.search(query, limit=10).items}


def test_fixture_index_holds_every_file_type(tmp_path: Path) -> None:
    corpus, index_dir = build_fixture_index(tmp_path)
    tool = open_search_tool(index_dir)
    stats = tool.stats()
    assert stats.documents == len(FIXTURE_DOCUMENTS)
    assert [root.path for root in stats.roots] == [str(corpus)]
    expectations = {
        "hooch": "notes/sourdough.md",
        "Brooks": "notes/reading-list.txt",
        "vinegar gaskets": "manuals/espresso-machine.html",
        "skip pointers": "papers/inverted-indexes.rst",
        "Fresnel": "archive/lighthouses.md.gz",
        "polarisation": "papers/bee-navigation.pdf",
    }
    for query, relative in expectations.items():
        assert str(corpus / relative) in search_paths(tool, query), query


def test_hits_carry_heading_page_and_stable_ids(tmp_path: Path) -> None:
    corpus, index_dir = build_fixture_index(tmp_path)
    tool = open_search_tool(index_dir)
    [pdf_hit] = [hit for hit in tool.search("polarised light").items if hit.path.endswith(".pdf")][:1]
    assert pdf_hit.page == 2
    assert pdf_hit.doc_id == document_id(str(corpus), "papers/bee-navigation.pdf")
    assert pdf_hit.id.startswith(pdf_hit.doc_id + ":")
    html_hit = tool.search("descale citric").items[0]
    assert html_hit.heading == "Aurora E61 user manual > Descaling"
    assert html_hit.title == "Aurora E61 espresso machine — user manual"


def test_chrome_and_scripts_are_not_indexed(tmp_path: Path) -> None:
    _, index_dir = build_fixture_index(tmp_path)
    tool = open_search_tool(index_dir)
    assert tool.search("trackingPixel").items == []
    assert tool.search("banner").items == []


def test_second_run_reads_nothing_and_changes_nothing(tmp_path: Path) -> None:
    corpus, index_dir = build_fixture_index(tmp_path)
    before = {hit.id for hit in open_search_tool(index_dir).search("the", limit=10).items}
    summary = index_folders([corpus], index_dir, workers=1)
    assert (summary.added, summary.updated, summary.removed) == (0, 0, 0)
    assert summary.unchanged == len(FIXTURE_DOCUMENTS)
    assert {hit.id for hit in open_search_tool(index_dir).search("the", limit=10).items} == before


def test_add_change_and_delete_are_reflected(tmp_path: Path) -> None:
    corpus, index_dir = build_fixture_index(tmp_path)
    (corpus / "notes" / "new.md").write_text("# New\n\naxolotl regeneration notes\n")
    sourdough = corpus / "notes" / "sourdough.md"
    sourdough.write_text("# Sourdough\n\nthe starter now uses spelt flour\n")
    os.utime(sourdough, ns=(1, 1))
    (corpus / "notes" / "reading-list.txt").unlink()
    summary = index_folders([corpus], index_dir, workers=1)
    assert (summary.added, summary.updated, summary.removed) == (1, 1, 1)
    tool = open_search_tool(index_dir)
    assert search_paths(tool, "axolotl") == {str(corpus / "notes" / "new.md")}
    assert search_paths(tool, "spelt") == {str(sourdough)}
    assert tool.search("hooch").items == []
    assert tool.search("Kahneman").items == []
    assert tool.stats().documents == len(FIXTURE_DOCUMENTS)


def test_touched_but_identical_file_counts_as_unchanged(tmp_path: Path) -> None:
    corpus, index_dir = build_fixture_index(tmp_path)
    os.utime(corpus / "notes" / "sourdough.md", ns=(5, 5))
    summary = index_folders([corpus], index_dir, workers=1)
    assert (summary.updated, summary.unchanged) == (0, len(FIXTURE_DOCUMENTS))
    assert open_search_tool(index_dir).search("hooch").items


def test_two_roots_share_one_index_and_one_can_be_removed(tmp_path: Path) -> None:
    corpus, index_dir = build_fixture_index(tmp_path)
    second = tmp_path / "second"
    second.mkdir()
    (second / "other.md").write_text("# Other\n\ncapybara facts\n")
    index_folders([second], index_dir, workers=1)
    roots = {info.path: info for info in list_roots(index_dir)}
    assert set(roots) == {str(corpus), str(second)}
    assert roots[str(second)].documents == 1
    assert roots[str(corpus)].documents == len(FIXTURE_DOCUMENTS)
    assert roots[str(second)].updated_at is not None
    summary = remove_root(index_dir, corpus)
    assert summary.removed == len(FIXTURE_DOCUMENTS)
    tool = open_search_tool(index_dir)
    assert tool.search("hooch").items == []
    assert tool.search("capybara").items
    assert [info.path for info in tool.stats().roots] == [str(second)]


def test_parallel_workers_build_the_same_index_as_inline(tmp_path: Path) -> None:
    corpus = write_fixture_corpus(tmp_path / "corpus")
    for copy in range(30):
        shutil.copytree(corpus / "notes", corpus / f"copy{copy}")
    inline = index_folders([corpus], tmp_path / "inline", workers=1)
    pooled = index_folders([corpus], tmp_path / "pooled", workers=2)
    assert (pooled.added, pooled.passages) == (inline.added, inline.passages)
    ids = [
        {
            passage.id
            for passage in open_search_tool(tmp_path / name).document_passages(
                document_id(str(corpus), "copy3/sourdough.md")
            )
        }
        for name in ("inline", "pooled")
    ]
    assert ids[0] == ids[1] and ids[0]


def test_missing_root_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(RootFolderError, match="no such folder"):
        index_folders([tmp_path / "nope"], tmp_path / "index")
    (tmp_path / "file.md").write_text("x")
    with pytest.raises(RootFolderError, match="not a folder"):
        index_folders([tmp_path / "file.md"], tmp_path / "index")


def test_cancel_keeps_the_files_finished_so_far(tmp_path: Path) -> None:
    corpus = write_fixture_corpus(tmp_path / "corpus")
    summary = index_folders([corpus], tmp_path / "index", workers=1, should_cancel=lambda: True)
    assert summary.cancelled
    assert summary.added == summary.documents == 1
    tool = open_search_tool(tmp_path / "index")
    assert tool.stats().documents == 1
    rerun = index_folders([corpus], tmp_path / "index", workers=1)
    assert (rerun.added, rerun.unchanged, rerun.documents) == (
        len(FIXTURE_DOCUMENTS) - 1,
        1,
        len(FIXTURE_DOCUMENTS),
    )
