"""Every odd or hostile file is reported with its reason and skipped; the walk never leaves the root."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from corpus.documents import SkippedFile, SkipReason, SourceFile
from corpus.loading import LoadedDocument, load_source
from corpus.reading import RefusedFile, read_capped
from corpus.walk import walk_root
from tests.support.odd_files import OddCorpus, make_odd_corpus, restore_permissions


@pytest.fixture
def odd(tmp_path: Path) -> Iterator[OddCorpus]:
    corpus = make_odd_corpus(tmp_path)
    yield corpus
    restore_permissions(corpus)


def outcomes(corpus: OddCorpus) -> dict[str, SkipReason | None]:
    """Walk then load every file, as the indexer does; keyed by path relative to the root."""
    results: dict[str, SkipReason | None] = {}
    for entry in walk_root(corpus.root):
        if isinstance(entry, SkippedFile):
            results[os.path.relpath(entry.path, corpus.root)] = entry.reason
            continue
        loaded = load_source(entry)
        results[entry.relative] = loaded.reason if isinstance(loaded, SkippedFile) else None
    return results


def test_each_odd_file_gets_its_expected_outcome(odd: OddCorpus) -> None:
    assert outcomes(odd) == odd.expected


def test_walk_never_yields_a_file_outside_the_root(odd: OddCorpus) -> None:
    real_root = os.path.realpath(odd.root)
    for entry in walk_root(odd.root):
        if isinstance(entry, SourceFile):
            assert os.path.realpath(entry.path).startswith(real_root + os.sep)


def test_indexed_odd_names_keep_their_text(odd: OddCorpus) -> None:
    texts = {}
    for entry in walk_root(odd.root):
        if isinstance(entry, SourceFile):
            loaded = load_source(entry)
            if isinstance(loaded, LoadedDocument):
                texts[entry.relative] = " ".join(passage.text for passage in loaded.passages)
    assert set(texts) == odd.indexed_names
    assert "platypus" in texts["new\nline.md"]
    assert "wombat" in texts[os.fsdecode(b"caf\xe9.md")]
    assert "numbat cr\ufffdme" in texts["latin1.md"]


def test_a_fifo_never_blocks_the_reader(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)
    with pytest.raises(RefusedFile) as refused:
        read_capped(fifo, 1024)
    assert refused.value.reason is SkipReason.NOT_REGULAR


def test_a_file_deleted_between_walk_and_read_is_reported(tmp_path: Path) -> None:
    (tmp_path / "brief.md").write_text("# Brief\n\ngone soon\n")
    [source] = [entry for entry in walk_root(tmp_path) if isinstance(entry, SourceFile)]
    (tmp_path / "brief.md").unlink()
    outcome = load_source(source)
    assert isinstance(outcome, SkippedFile)
    assert outcome.reason is SkipReason.VANISHED


def test_a_file_that_grew_past_the_cap_after_the_walk_is_refused(tmp_path: Path) -> None:
    (tmp_path / "growing.txt").write_text("small")
    [source] = [entry for entry in walk_root(tmp_path, max_bytes=100) if isinstance(entry, SourceFile)]
    (tmp_path / "growing.txt").write_text("x" * 500)
    outcome = load_source(source, max_bytes=100)
    assert isinstance(outcome, SkippedFile)
    assert outcome.reason is SkipReason.TOO_LARGE


def test_unreadable_file_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Simulated with a patched os.open: the suite runs as root, which reads mode-000 files."""
    (tmp_path / "private.md").write_text("# Private\n")
    [source] = [entry for entry in walk_root(tmp_path) if isinstance(entry, SourceFile)]

    def deny(*args: object, **kwargs: object) -> int:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "open", deny)
    outcome = load_source(source)
    assert isinstance(outcome, SkippedFile)
    assert outcome.reason is SkipReason.UNREADABLE


def test_unreadable_folder_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "locked").mkdir()
    (tmp_path / "open.md").write_text("# Open\n")
    real_scandir = os.scandir

    def scandir(path: str | os.PathLike[str]) -> object:
        if Path(path).name == "locked":
            raise PermissionError(13, "Permission denied")
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    reasons = {Path(e.path).name: e.reason for e in walk_root(tmp_path) if isinstance(e, SkippedFile)}
    assert reasons == {"locked": SkipReason.DIRECTORY_UNREADABLE}
