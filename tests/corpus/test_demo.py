"""The demo corpus writer: each pydoc topic as a Markdown file, written once, headings converted."""

from __future__ import annotations

import os
from pathlib import Path

from corpus.demo import demo_topics, topic_markdown, write_demo_corpus


def test_writes_one_markdown_file_per_topic(tmp_path: Path) -> None:
    summary = write_demo_corpus(tmp_path / "demo")

    names = sorted(path.name for path in (tmp_path / "demo").iterdir())
    assert len(names) == len(demo_topics()) == 79
    assert "assert.md" in names and "string-methods.md" in names
    assert summary.written == summary.documents
    assert summary.unchanged == 0


def test_title_becomes_a_level_one_heading(tmp_path: Path) -> None:
    write_demo_corpus(tmp_path)

    text = (tmp_path / "assert.md").read_text(encoding="utf-8")
    assert text.startswith('# The "assert" statement\n')
    assert "*****" not in text
    assert "Assert statements are a convenient way" in text


def test_underlined_subsections_become_nested_headings() -> None:
    source = "Top\n***\n\nintro\n\nPart\n====\n\nbody\n\nDetail\n------\n\nmore\n"

    assert topic_markdown(source) == "# Top\n\nintro\n\n## Part\n\nbody\n\n### Detail\n\nmore\n"


def test_a_rule_that_does_not_match_its_line_is_not_a_heading() -> None:
    source = "Top\n***\n\na longer line\n===\n"

    assert "## a longer line" not in topic_markdown(source)


def test_second_run_rewrites_nothing_and_keeps_mtimes(tmp_path: Path) -> None:
    write_demo_corpus(tmp_path)
    target = tmp_path / "while.md"
    os.utime(target, (1_000_000, 1_000_000))

    summary = write_demo_corpus(tmp_path)

    assert summary.written == []
    assert summary.unchanged == 79
    assert target.stat().st_mtime == 1_000_000


def test_a_changed_file_is_restored(tmp_path: Path) -> None:
    write_demo_corpus(tmp_path)
    (tmp_path / "pass.md").write_text("edited by hand", encoding="utf-8")

    summary = write_demo_corpus(tmp_path)

    assert summary.written == [tmp_path / "pass.md"]
    assert (tmp_path / "pass.md").read_text(encoding="utf-8").startswith('# The "pass" statement\n')
