"""Extraction per format: titles, heading paths, pages, and chrome that must not be indexed."""

from __future__ import annotations

import random

import pytest

from corpus.documents import SkipReason
from corpus.formats import (
    DEPTH_BOUND_BLOCK,
    _depth_bound,
    extract_html,
    extract_markdown,
    extract_plain,
    extract_rst,
    html_too_deep,
)
from corpus.pdf import extract_pdf
from corpus.reading import RefusedFile
from tests.support.pdf import make_pdf


def test_markdown_headings_build_paths_and_ignore_code_fences() -> None:
    text = "# Guide\n\nintro\n\n## Install\n\nsteps\n\n```\n# not a heading\n```\n\n### Linux\n\napt\n\n## Use\n\nrun"
    document = extract_markdown(text, "fallback")
    assert document.title == "Guide"
    assert [section.headings for section in document.sections] == [
        ("Guide",),
        ("Guide", "Install"),
        ("Guide", "Install", "Linux"),
        ("Guide", "Use"),
    ]
    assert "# not a heading" in document.sections[1].text


def test_markdown_setext_headings() -> None:
    document = extract_markdown("Title\n=====\n\nbody\n\nPart\n----\n\nmore", "x")
    assert [section.headings for section in document.sections] == [("Title",), ("Title", "Part")]


def test_rst_levels_follow_first_appearance_of_each_style() -> None:
    text = (
        "=====\nTop\n=====\n\nintro\n\nOne\n===\n\nbody one\n\nSub\n---\n\nbody sub\n\nTwo\n===\n\nbody two"
    )
    document = extract_rst(text, "x")
    assert document.title == "Top"
    assert [section.headings for section in document.sections] == [
        ("Top",),
        ("Top", "One"),
        ("Top", "One", "Sub"),
        ("Top", "Two"),
    ]


def test_html_drops_chrome_and_splits_on_headings() -> None:
    html = (
        "<html><head><title>Manual</title><style>.x{}</style><script>var secret = 1;</script></head>"
        "<body><nav>menu words</nav><div role='navigation'>sidebar</div><h1>Intro</h1><p>first para</p>"
        "<h2>Setup<a class='headerlink'>¶</a></h2><p>second</p><p>third</p><footer>foot</footer></body></html>"
    )
    document = extract_html(html, "x")
    text = " ".join(section.text for section in document.sections)
    assert document.title == "Manual"
    assert [section.headings for section in document.sections] == [("Intro",), ("Intro", "Setup")]
    for chrome in ("secret", "menu", "sidebar", "foot", "¶"):
        assert chrome not in text
    assert "second" in document.sections[1].text and "third" in document.sections[1].text


def test_chrome_nested_in_chrome_is_removed_safely_many_times() -> None:
    """Decomposing frees a whole subtree: nested matches (a script in a nav in a navigation role)
    must be removed innermost first, or the parser's memory is used after it was freed."""
    html = (
        "<body><div role='navigation'><div role='search'><form>query box</form></div>"
        "<nav><script>var x;</script><ul><li>menu</li></ul></nav></div><div role='main'><h1>Title</h1>"
        "<p>kept words</p><aside><style>.y{}</style>aside words</aside></div></body>"
    )
    for _ in range(2000):
        document = extract_html(html, "x")
    assert [(section.headings, section.text) for section in document.sections] == [(("Title",), "kept words")]


def test_html_title_falls_back_to_first_heading() -> None:
    assert extract_html("<h1>Only heading</h1><p>x</p>", "file.html").title == "Only heading"


XHTML_DOCTYPE = (
    '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">'
)
# ImageMagick's pages: a self-closed iframe and script in the navigation, before every word of the page.
SELF_CLOSED_CHROME = (
    '<body><nav><iframe src="sponsor.html" title="Sponsor"/><script src="nav.js"/></nav>'
    "<h1>Resize</h1><p>Use -resize 50% to halve an image.<br/>Aspect ratio is kept.</p></body></html>"
)


@pytest.mark.parametrize(
    "opening",
    [
        f'{XHTML_DOCTYPE}<html lang="en"><head><title>Resize</title></head>',
        '<?xml version="1.0" encoding="utf-8"?><html><head><title>Resize</title></head>',
        '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Resize</title></head>',
    ],
)
def test_an_xhtml_pages_self_closed_elements_are_empty(opening: str) -> None:
    document = extract_html(opening + SELF_CLOSED_CHROME, "resize.html")
    text = " ".join(section.text for section in document.sections)
    assert "Use -resize 50% to halve an image." in text
    assert "Aspect ratio is kept." in text
    assert "nav.js" not in text


def test_a_page_that_is_not_xhtml_is_read_as_a_browser_reads_it() -> None:
    # In HTML the slash means nothing: the iframe's raw text runs on, as in a browser.
    document = extract_html("<html><head><title>Resize</title></head>" + SELF_CLOSED_CHROME, "resize.html")
    assert "halve an image" not in " ".join(section.text for section in document.sections)


def _html_lines(html: str) -> list[str]:
    document = extract_html(f"<html><body><h1>T</h1>{html}<p>After.</p></body></html>", "t.html")
    return [part for part in document.sections[0].text.split("\n") if part.strip()]


def test_a_row_led_by_a_header_cell_reads_as_header_and_value() -> None:
    # Apache's directive tables: <th>Default:</th><td><code>KeepAliveTimeout 5</code></td>.
    rows = "<tr><th>Syntax</th><td>KeepAliveTimeout <var>num</var></td></tr><tr><th>Default:</th><td><code>KeepAliveTimeout 5</code></td></tr>"

    assert _html_lines(f"<p>Before</p><table>{rows}</table>") == [
        "Before",
        "Syntax: KeepAliveTimeout num",
        "Default: KeepAliveTimeout 5",
        "After.",
    ]


def test_cells_under_a_header_row_read_as_column_and_value_pairs() -> None:
    table = (
        "<table><thead><tr><th>Name</th><th>Default</th></tr></thead>"
        "<tbody><tr><td>work_mem</td><td>4MB</td></tr><tr><td>fsync</td><td></td></tr></tbody></table>"
    )

    assert _html_lines(table)[:3] == ["Name; Default", "Name: work_mem; Default: 4MB", "Name: fsync; "]


def test_plain_cells_never_run_together_and_a_nested_table_keeps_its_own_rows() -> None:
    table = "<table><tr><td>alpha</td><td>1<table><tr><td>in</td><td>2</td></tr></table></td></tr></table>"

    assert _html_lines(table)[:3] == ["alpha; 1", "in; 2", "After."]


def test_text_in_neighbouring_containers_never_runs_together() -> None:
    # HAProxy's manual: a keyword's <div> followed by its description's <div> read as "daemonmakes".
    html = '<div class="keyword">daemon</div><div>Makes the process fork.</div>text<figure>img<figcaption>cap</figcaption></figure>'

    lines = [line.strip() for line in _html_lines(html)]

    assert lines[:3] == ["daemon", "Makes the process fork.", "text img cap"]


def test_deeply_nested_html_is_refused_quickly() -> None:
    with pytest.raises(RefusedFile) as refused:
        extract_html("<div>" * 2_000_000 + "deep", "x")
    assert refused.value.reason is SkipReason.HTML_TOO_DEEP
    assert not html_too_deep("<p>" * 5000 + "<br>" * 5000)
    assert html_too_deep("</div>" * 20_000 + "<div>" * 2500)
    # Void elements push the quick upper bound over the limit; the exact scan still says no.
    assert not html_too_deep("<div>" * 1500 + "<br>" * 12_000 + "</div>" * 1500)
    assert html_too_deep("<div>" * 2500 + "<br>" * 12_000)


def test_the_depth_bound_never_underestimates_and_stays_close() -> None:
    """The quick bound decides whether the exact scan runs: it must never be under the depth (counting every
    start tag as a level), and not so far over that ordinary pages pay for the exact scan."""
    rng = random.Random(17)
    for _ in range(300):
        tags = rng.choices(
            ["<div>", "</div>", "<br>"], weights=rng.choices(range(1, 6), k=3), k=rng.randrange(1, 3000)
        )
        depth = deepest = 0
        for tag in tags:
            depth = max(depth + (-1 if tag.startswith("</") else 1), 0)
            deepest = max(deepest, depth)
        bound = _depth_bound("".join(tags))
        assert deepest <= bound <= deepest + 2 * DEPTH_BOUND_BLOCK


def test_pdf_text_per_page_with_page_numbers() -> None:
    data = make_pdf([["Alpha page words"], ["Beta page words", "second line"]])
    document = extract_pdf(data, "paper.pdf")
    assert [section.page for section in document.sections] == [1, 2]
    assert "Beta page words" in document.sections[1].text
    assert document.title == "Alpha page words"


def test_malformed_pdf_is_refused() -> None:
    with pytest.raises(RefusedFile) as refused:
        extract_pdf(b"%PDF-1.4\nthis is not really a pdf", "bad.pdf")
    assert refused.value.reason is SkipReason.BAD_PDF


def test_plain_text_title_is_first_line() -> None:
    document = extract_plain("\n\n  My notes  \nbody", "notes.txt")
    assert document.title == "My notes"
    assert extract_plain("   \n", "empty.txt").sections == []


def test_runaway_headings_are_clipped_like_titles() -> None:
    document = extract_markdown("# " + "H" * 5000 + "\n\nbody text\n", "x.md")
    assert document.sections[0].headings == ("H" * 200,)
    assert len(document.title) == 200
