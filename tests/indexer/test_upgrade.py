"""An index written by an older Carrel is rebuilt on the next index run, keeping every folder it held;
one from a newer Carrel is refused, never wiped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from indexer import schema
from indexer.build import index_folders
from indexer.errors import IndexCorruptError
from indexer.search import open_search_tool
from indexer.store import META_FILE


def make_folder(folder: Path, word: str) -> Path:
    folder.mkdir(parents=True)
    for number in range(3):
        (folder / f"{word}-{number}.md").write_text(
            f"# {word} {number}\n\nAll about the {word}.\n", encoding="utf-8"
        )
    return folder


def set_schema_version(index_dir: Path, version: int) -> None:
    meta = index_dir / META_FILE
    meta.write_text(json.dumps({**json.loads(meta.read_text()), "schema_version": version}))


def test_an_older_index_is_rebuilt_with_every_folder_it_held(tmp_path: Path) -> None:
    harbour, lantern = make_folder(tmp_path / "a", "harbour"), make_folder(tmp_path / "b", "lantern")
    index_dir = tmp_path / "index"
    index_folders([harbour, lantern], index_dir)
    set_schema_version(index_dir, schema.SCHEMA_VERSION - 1)
    with pytest.raises(IndexCorruptError):
        open_search_tool(index_dir)

    summary = index_folders([harbour], index_dir)

    assert summary.added == 6 and summary.documents == 6
    tool = open_search_tool(index_dir)
    assert tool.search("lantern").items and tool.search("harbour").items


def test_an_index_from_a_newer_carrel_is_refused_not_wiped(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "a", "harbour")
    index_dir = tmp_path / "index"
    index_folders([folder], index_dir)
    set_schema_version(index_dir, schema.SCHEMA_VERSION + 1)

    with pytest.raises(IndexCorruptError):
        index_folders([folder], index_dir)

    set_schema_version(index_dir, schema.SCHEMA_VERSION)
    assert open_search_tool(index_dir).search("harbour").items
