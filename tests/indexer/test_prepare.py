"""Documents travel from the extraction worker as JSON lines: every character survives the trip."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from corpus.documents import SourceFile
from corpus.loading import LoadedDocument, load_source
from corpus.walk import walk_root
from indexer import prepare as prepare_module
from indexer.build import index_folders
from indexer.prepare import PreparedFile, prepare_file
from indexer.search import open_search_tool

AWKWARD = (
    'Quotes " and \\ backslashes, a tab\there, a line\u2028separator, a paragraph\u2029separator, '
    "a record\x1eseparator, an emoji 🐝, a BOM-like \ufeff and a NUL-free control \x07 bell."
)


def write_note(root: Path, name: str, body: str) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    path = root / name
    path.write_text(f'Title with "quotes" and \\ backslash\n\n{body}\n', encoding="utf-8")
    return path


def source_files(root: Path) -> list[SourceFile]:
    return [entry for entry in walk_root(root) if isinstance(entry, SourceFile)]


def test_every_line_is_one_json_object_and_the_file_record_comes_last(tmp_path: Path) -> None:
    write_note(tmp_path / "notes", "awkward.txt", AWKWARD)
    [source] = source_files(tmp_path / "notes")
    prepared = prepare_file("0123456789ab", source, 1 << 20)
    assert isinstance(prepared, PreparedFile)
    loaded = load_source(source)
    assert isinstance(loaded, LoadedDocument)
    documents = [json.loads(line) for line in prepared.json_documents()]
    assert [document["kind"] for document in documents] == ["passage"] * prepared.passages + ["file"]
    assert [document["body"] for document in documents[:-1]] == [passage.text for passage in loaded.passages]
    assert "\u2028" in documents[0]["body"] + documents[-2]["body"]
    assert documents[0]["title"] == 'Title with "quotes" and \\ backslash'
    assert documents[-1]["doc_key"] == 0x0123456789AB
    assert not {"title", "heading", "body"} & documents[-1].keys()


def test_awkward_text_is_searchable_and_comes_back_unchanged(tmp_path: Path) -> None:
    corpus = tmp_path / "notes"
    write_note(corpus, "awkward.txt", AWKWARD)
    index_folders([corpus], tmp_path / "index")
    tool = open_search_tool(tmp_path / "index")
    [source] = source_files(corpus)
    loaded = load_source(source)
    assert isinstance(loaded, LoadedDocument)
    [hit] = tool.search("backslashes bell").items
    record = tool.passage(hit.id)
    assert record is not None and record.text == loaded.passages[hit_ordinal(hit.id)].text
    assert hit.title == 'Title with "quotes" and \\ backslash'


def test_a_title_word_finds_passages_only_never_file_records(tmp_path: Path) -> None:
    corpus = tmp_path / "notes"
    corpus.mkdir()
    (corpus / "a.txt").write_text("espresso crema notes\n\nbody text about milk\n")
    index_folders([corpus], tmp_path / "index")
    hits = open_search_tool(tmp_path / "index").search("crema").items
    assert [hit.id.split(":")[0] for hit in hits] == [hits[0].doc_id]
    assert all(not hit.id.startswith("file:") for hit in hits)


def hit_ordinal(passage_id: str) -> int:
    return int(passage_id.rsplit(":", 1)[1])


def test_lone_surrogates_from_undecodable_names_are_replaced_not_fatal(tmp_path: Path) -> None:
    corpus = tmp_path / "notes"
    corpus.mkdir()
    (corpus / b"caf\xe9.txt".decode("utf-8", "surrogateescape")).write_bytes(b"espresso crema notes\n")
    summary = index_folders([corpus], tmp_path / "index")
    assert summary.added == 1 and not summary.failed
    [hit] = open_search_tool(tmp_path / "index").search("crema").items
    assert hit.path.endswith("caf\\xe9.txt")


def test_a_file_dated_before_1970_is_indexed_and_then_unchanged(tmp_path: Path) -> None:
    corpus = tmp_path / "notes"
    corpus.mkdir()
    scroll = corpus / "scroll.txt"
    scroll.write_text("an ancient scroll about lighthouses\n")
    os.utime(scroll, ns=(-315_619_200 * 10**9, -315_619_200 * 10**9))  # 1960-01-01
    first = index_folders([corpus], tmp_path / "index")
    assert first.added == 1 and not first.failed
    assert index_folders([corpus], tmp_path / "index").unchanged == 1
    [hit] = open_search_tool(tmp_path / "index").search("scroll").items
    assert hit.modified_at == datetime(1960, 1, 1, tzinfo=UTC)


def test_a_document_the_index_refuses_fails_that_file_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = tmp_path / "notes"
    corpus.mkdir()
    (corpus / "good.txt").write_text("a good note about espresso\n")
    (corpus / "bad.txt").write_text("a note about espresso the index will refuse\n")
    real_lines = prepare_module.passage_lines

    def one_refused(doc_id: str, loaded: LoadedDocument) -> list[str]:
        lines = real_lines(doc_id, loaded)
        if loaded.source.path.name == "bad.txt":
            lines.append(json.dumps({"kind": "passage", "doc_id": doc_id, "page": -1}))
        return lines

    monkeypatch.setattr(prepare_module, "passage_lines", one_refused)
    summary = index_folders([corpus], tmp_path / "index")
    assert summary.added == 1 and [problem.path for problem in summary.failed] == [str(corpus / "bad.txt")]
    assert "index refused" in summary.failed[0].reason
    hits = open_search_tool(tmp_path / "index").search("espresso").items
    assert [hit.path for hit in hits] == [str(corpus / "good.txt")]  # bad.txt's first passage was dropped too
