"""``carrel index`` and ``carrel search`` through the real CLI entry point."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from indexer.results import SearchResults
from indexer.summary import IndexProgress
from tests.support.indexes import FIXTURE_DOCUMENTS, write_fixture_corpus
from tui.cli import main
from tui.cli.index import ProgressReporter
from tui.home import CarrelHome

SUMMARY_KEYS = {
    "added",
    "updated",
    "unchanged",
    "removed",
    "skipped",
    "failed",
    "documents",
    "passages",
    "seconds",
}


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return write_fixture_corpus(tmp_path / "corpus")


def test_index_json_summary_uses_the_default_index(corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["index", str(corpus), "--json"]) == 0
    captured = capsys.readouterr()
    summary = json.loads(captured.out)
    assert set(summary) >= SUMMARY_KEYS
    assert summary["added"] == summary["documents"] == len(FIXTURE_DOCUMENTS)
    assert CarrelHome.from_environment().index_dir.is_dir()
    assert "indexing" in captured.err  # plain progress lines when stderr is not a terminal


def test_index_lists_failed_files_and_still_exits_0(corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (corpus / "broken.pdf").write_bytes(b"%PDF-1.4 not really")
    assert main(["index", str(corpus)]) == 0
    out = capsys.readouterr().out
    assert f"{corpus / 'broken.pdf'}: malformed PDF" in out
    assert f"{len(FIXTURE_DOCUMENTS)} documents" in out


def test_the_text_summary_counts_the_files_read_by_kind(
    corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["index", str(corpus)]) == 0
    read_line = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("  read: "))
    counted = {kind: int(count) for count, kind in (item.split(" ") for item in read_line[8:].split(", "))}
    assert sum(counted.values()) == len(FIXTURE_DOCUMENTS)


def test_index_usage_and_missing_folder_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["index"]) == 2
    assert main(["index", str(tmp_path / "missing")]) == 1
    assert "no such folder" in capsys.readouterr().err


def test_rebuild_without_paths_reindexes_known_roots(
    corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    index_dir = corpus.parent / "idx"
    assert main(["index", str(corpus), "--index", str(index_dir)]) == 0
    assert main(["index", "--rebuild", "--index", str(index_dir), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert summary["added"] == len(FIXTURE_DOCUMENTS)


def test_search_json_is_the_tool_output(corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["index", str(corpus)]) == 0
    capsys.readouterr()
    assert main(["search", "descale", "vinegar", "--json", "--limit", "2"]) == 0
    results = SearchResults.model_validate_json(capsys.readouterr().out)
    assert results.query == "descale vinegar"
    assert results.items[0].path == str(corpus / "manuals" / "espresso-machine.html")


def test_search_human_output_lists_title_path_snippet(
    corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["index", str(corpus)]) == 0
    capsys.readouterr()
    assert main(["search", "Fresnel"]) == 0
    out = capsys.readouterr().out
    assert "A short history of lighthouses" in out
    assert str(corpus / "archive" / "lighthouses.md.gz") in out
    assert "concentric prisms" in out


@pytest.mark.parametrize("query", ["x", "((( )))", "y" * 300])
def test_invalid_query_exits_2_with_one_line(
    corpus: Path, query: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["index", str(corpus)]) == 0
    capsys.readouterr()
    assert main(["search", query]) == 2
    err = capsys.readouterr().err
    assert err.startswith("carrel search: ") and err.count("\n") == 1


def test_search_without_an_index_says_how_to_build_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "anything"]) == 1
    assert "carrel index" in capsys.readouterr().err


def test_terminal_progress_bar_shows_counts_rate_and_eta() -> None:
    stream = io.StringIO()
    reporter = ProgressReporter(stream, interactive=True)
    for done in range(1, 11):
        reporter.update(IndexProgress(stage="indexing", files_done=done, files_total=10))
    reporter.close()
    text = stream.getvalue()
    assert "\r" in text
    assert "10/10 files" in text and "files/s" in text and "ETA" in text
    assert text.endswith("\n")
