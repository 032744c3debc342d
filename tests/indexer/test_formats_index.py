"""A folder with every supported format indexes completely, and ``carrel search`` cites the exact place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from indexer.build import index_folders
from indexer.search import open_search_tool
from tests.support.documents import make_message, write_every_format
from tui.cli import main

# The word each file holds and where a citation of it must point: (path suffix, heading, page).
EXPECTED_PLACES = {
    "lighthouse": ("notes.txt", "", None),
    "capybara": ("guide.md", "Guide", None),
    "ocelot": ("manual.rst", "Manual", None),
    "wombat": ("page.html", "Top", None),
    "narwhal": ("paper.pdf", "", 2),
    "axolotl": ("report.docx", "Methods", None),
    "marigold": ("report.docx", "Footnotes", None),
    "quince": ("orchard.odt", "Harvest", None),
    "pergola": ("garden.pptx", "Budget", 2),
    "herons": ("river.epub", "Delta", None),
    "sleep": ("study.ipynb", "Analysis > Results", None),
    "frame": ("study.ipynb", "Analysis", None),
    "kiln": ("kiln.eml", "", None),
    "salamander": ("kiln.eml", "attachment kiln.docx > Methods", None),
    "lemonade": ("picnic.mbox", "Message 2", None),
    "wisteria": ("picnic.mbox", "Message 3 > attachment deck.pptx > Budget", 2),
}


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    folder = tmp_path / "mixed"
    write_every_format(folder)
    return folder


def test_every_format_is_indexed_and_cited_at_its_place(
    mixed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    index = tmp_path / "index"
    assert main(["index", str(mixed), "--index", str(index), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["failed"] == [] and summary["skipped_files"] == []
    assert summary["added"] == len(list(mixed.iterdir()))
    assert set(summary["read_by_kind"]) == {
        "text", "markdown", "rst", "html", "pdf", "docx", "odt", "pptx", "epub", "notebook", "eml", "mbox"
    }  # fmt: skip
    for word, (name, heading, page) in EXPECTED_PLACES.items():
        assert main(["search", word, "--index", str(index), "--json", "--limit", "1"]) == 0
        hits = json.loads(capsys.readouterr().out)["items"]
        assert hits, word
        assert hits[0]["path"] == str(mixed / name), word
        assert (hits[0]["heading"], hits[0]["page"]) == (heading, page), word


def test_search_prints_the_message_and_slide_in_the_citation(
    mixed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    index = tmp_path / "index"
    index_folders([mixed], index, workers=1)
    assert main(["search", "lemonade", "--index", str(index), "--limit", "1"]) == 0
    assert f"{mixed / 'picnic.mbox'} > Message 2" in capsys.readouterr().out
    assert main(["search", "pergola", "--index", str(index), "--limit", "1"]) == 0
    assert f"{mixed / 'garden.pptx'} > Budget (page 2)" in capsys.readouterr().out


def test_each_message_is_its_own_document(mixed: Path, tmp_path: Path) -> None:
    index = tmp_path / "index"
    index_folders([mixed], index, workers=1)
    tool = open_search_tool(index)
    hammock = tool.search("hammock", limit=1).items[0]
    lemonade = tool.search("lemonade", limit=1).items[0]
    assert hammock.doc_id != lemonade.doc_id
    assert (hammock.title, lemonade.title) == ("Picnic plans", "Re: Picnic plans")
    message = tool.document_passages(lemonade.doc_id)
    assert [record.id for record in message] == [lemonade.id]
    assert "From: Bo <bo@example.org>" in message[0].text
    assert "Date: Tue, 02 Jan 2024" in message[0].text


def test_a_changed_or_removed_mailbox_takes_its_messages_along(mixed: Path, tmp_path: Path) -> None:
    index = tmp_path / "index"
    index_folders([mixed], index, workers=1)
    mailbox = mixed / "picnic.mbox"
    mailbox.write_bytes(
        b"From x@example.org Tue Jan  2 09:30:00 2024\n" + bytes(make_message("Only one", "A kayak."))
    )
    summary = index_folders([mixed], index, workers=1)
    assert summary.updated == 1
    tool = open_search_tool(index)
    assert tool.search("lemonade").items == [] and tool.search("wisteria").items == []
    assert tool.search("kayak").items[0].heading == "Message 1"
    mailbox.unlink()
    assert index_folders([mixed], index, workers=1).removed == 1
    assert open_search_tool(index).search("kayak").items == []


def test_a_pdf_without_text_is_reported_not_indexed_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.support.pdf import make_pdf

    folder = tmp_path / "scans"
    folder.mkdir()
    (folder / "scan.pdf").write_bytes(make_pdf([[], []]))
    (folder / "text.pdf").write_bytes(make_pdf([["a seahorse"]]))
    summary = index_folders([folder], tmp_path / "index", workers=1)
    assert summary.skipped == {"no text (scanned?)": 1}
    assert [problem.reason for problem in summary.skipped_files] == ["no text (scanned?)"]
    assert summary.documents == 1 and summary.failed == []
    assert main(["index", str(folder), "--index", str(tmp_path / "index2")]) == 0
    out = capsys.readouterr().out
    assert "skipped: 1 no text (scanned?)" in out
    assert f"{folder / 'scan.pdf'}: no text (scanned?)" in out
