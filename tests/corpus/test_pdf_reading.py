"""PDF pages read in reading order, with ligatures and line-end hyphens repaired."""

from __future__ import annotations

import pytest

from corpus.documents import SkipReason
from corpus.loading import load_source
from corpus.pdf import clean_pdf_text, extract_pdf
from corpus.walk import walk_root
from tests.support.pdf import make_placed_pdf

LEFT = [f"left column line {n} about the orchard and its trees" for n in range(12)]
RIGHT = [f"right column line {n} about the river and its banks" for n in range(12)]


def two_column_page(*, interleaved: bool) -> list[tuple[float, float, str]]:
    """A title across the page, two columns of twelve lines, and a footer across the page again. With
    ``interleaved`` the content stream draws them line by line across the page, as some generators do."""
    placed = [(50.0, 740.0, "A Title That Runs Across The Whole Width Of The Page, Over Both Columns")]
    lines = (
        [(50.0, 700.0 - 14 * n, LEFT[n]) for n in range(12)],
        [(320.0, 700.0 - 14 * n, RIGHT[n]) for n in range(12)],
    )
    if interleaved:
        placed += [line for pair in zip(*lines, strict=True) for line in pair]
    else:
        placed += [*lines[0], *lines[1]]
    placed.append((50.0, 480.0, "A footer sentence that also runs across the whole width of the page below"))
    return placed


@pytest.mark.parametrize("interleaved", [True, False])
def test_two_columns_are_read_column_by_column(interleaved: bool) -> None:
    document = extract_pdf(make_placed_pdf([two_column_page(interleaved=interleaved)]), "paper.pdf")
    lines = document.sections[0].text.splitlines()
    assert lines[0].startswith("A Title That Runs Across")
    assert lines[1:13] == LEFT
    assert lines[13:25] == RIGHT
    assert lines[25].startswith("A footer sentence")


def test_a_table_of_short_cells_keeps_pdfium_order() -> None:
    rows = [(50.0, 700.0 - 14 * n, f"term{n}") for n in range(10)] + [
        (320.0, 700.0 - 14 * n, f"value{n}") for n in range(10)
    ]
    placed = [line for pair in zip(rows[:10], rows[10:], strict=True) for line in pair]
    text = extract_pdf(make_placed_pdf([placed]), "table.pdf").sections[0].text
    assert text.splitlines()[:2] == ["term0 value0", "term1 value1"]


def test_line_end_hyphens_are_joined_by_pdfium_text() -> None:
    placed = [
        (50.0, 700.0, "the survey gathered infor-"),
        (50.0, 686.0, "mation from Jean-"),
        (50.0, 672.0, "Paul"),
    ]
    text = extract_pdf(make_placed_pdf([placed]), "hyphens.pdf").sections[0].text
    assert "information" in text
    assert "Jean-Paul" in text


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("an e\ufb03cient \ufb01sh \ufb02ow", "an efficient fish flow"),
        ("infor-\nmation", "information"),
        ("infor\ufffemation", "information"),
        ("infor\u00admation", "information"),
        ("Jean-\nPaul", "Jean-Paul"),
        ("1990-\n1995", "1990-\n1995"),
        ("a list:\n- first\n- second", "a list:\n- first\n- second"),
        ("line one\r\nline two", "line one\nline two"),
        (
            "speci\x0cc di\x0berent e\x0ecient \x0crst o\x0b ba\x0fed",
            "specific different efficient first off baffled",
        ),
        ("step 1\x0b 2", "step 1\x0b 2"),
        ("a \rexible con\rict, \rag\r\nnext \ry", "a flexible conflict, flag\nnext fly"),
        ("Copyright \rc 1998\r\n\rc\r\nWrite, Copyright\rc", "Copyright \nc 1998\n\nc\nWrite, Copyright\nc"),
    ],
)
def test_clean_pdf_text(raw: str, clean: str) -> None:
    assert clean_pdf_text(raw) == clean


def test_a_pdf_without_a_text_layer_is_reported_as_scanned(tmp_path: pytest.TempPathFactory) -> None:
    from pathlib import Path

    from tests.support.pdf import make_pdf

    folder = Path(str(tmp_path))
    (folder / "scan.pdf").write_bytes(make_pdf([[], [], []]))
    [entry] = list(walk_root(folder))
    outcome = load_source(entry)  # type: ignore[arg-type]
    assert getattr(outcome, "reason", None) == SkipReason.NO_TEXT_LAYER
