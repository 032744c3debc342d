"""Documents travel from the extraction worker as JSON lines: every character survives the trip."""

from __future__ import annotations

import json
from pathlib import Path

from corpus.documents import SourceFile
from corpus.loading import LoadedDocument, load_source
from corpus.walk import walk_root
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
