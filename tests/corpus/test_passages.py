"""Passages: a few hundred words, on paragraph boundaries, never across sections."""

from __future__ import annotations

from corpus.documents import ExtractedDocument, Section
from corpus.passages import MAX_WORDS, TARGET_WORDS, split_passages


def words(count: int, word: str = "word") -> str:
    return " ".join([word] * count)


def test_paragraphs_are_packed_up_to_the_target() -> None:
    text = "\n\n".join(words(60, f"p{index}") for index in range(10))
    passages = split_passages(ExtractedDocument(title="t", sections=[Section(headings=("A",), text=text)]))
    assert len(passages) > 1
    for passage in passages:
        assert len(passage.text.split()) <= MAX_WORDS
        assert passage.heading == "A"
    assert [passage.ordinal for passage in passages] == list(range(len(passages)))
    joined = " ".join(passage.text for passage in passages).split()
    assert joined == text.split()


def test_an_overlong_paragraph_is_cut_into_windows() -> None:
    section = Section(headings=(), text=words(TARGET_WORDS * 3 + 5))
    passages = split_passages(ExtractedDocument(title="t", sections=[section]))
    assert [len(passage.text.split()) for passage in passages] == [TARGET_WORDS] * 3 + [5]


def test_passages_keep_section_heading_path_and_page() -> None:
    sections = [
        Section(headings=("Guide", "Install"), text="short one"),
        Section(headings=(), text="page text", page=3),
    ]
    passages = split_passages(ExtractedDocument(title="t", sections=sections))
    assert [(p.heading, p.page, p.text) for p in passages] == [
        ("Guide > Install", None, "short one"),
        ("", 3, "page text"),
    ]
