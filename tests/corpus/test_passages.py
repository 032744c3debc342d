"""Passages: a few hundred words, on paragraph boundaries, never across sections."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from corpus.documents import ExtractedDocument, Section
from corpus.passages import MAX_CHARS, TARGET_CHARS, split_passages


def words(count: int, word: str = "word") -> str:
    return " ".join([word] * count)


def test_paragraphs_are_packed_up_to_the_target() -> None:
    text = "\n\n".join(words(60, f"p{index}") for index in range(20))
    passages = split_passages(ExtractedDocument(title="t", sections=[Section(headings=("A",), text=text)]))
    assert len(passages) > 1
    for passage in passages:
        assert len(passage.text) <= MAX_CHARS
        assert passage.heading == "A"
        assert not passage.text.startswith(" ")
    assert [passage.ordinal for passage in passages] == list(range(len(passages)))
    joined = " ".join(passage.text for passage in passages).split()
    assert joined == text.split()


def test_an_overlong_paragraph_is_cut_at_spaces() -> None:
    text = words(1000, "abcde")
    passages = split_passages(ExtractedDocument(title="t", sections=[Section(headings=(), text=text)]))
    assert len(passages) > 3
    assert all(len(passage.text) <= MAX_CHARS for passage in passages)
    assert len(passages[0].text) <= TARGET_CHARS
    assert " ".join(passage.text for passage in passages).split() == text.split()


def test_a_paragraph_without_spaces_is_still_cut() -> None:
    passages = split_passages(ExtractedDocument(title="t", sections=[Section(headings=(), text="x" * 5000)]))
    assert "".join(passage.text for passage in passages) == "x" * 5000
    assert all(len(passage.text) <= MAX_CHARS for passage in passages)


def test_code_lines_keep_their_line_breaks() -> None:
    section = Section(headings=(), text="intro\n\n  line one\n  line two\n\noutro")
    [passage] = split_passages(ExtractedDocument(title="t", sections=[section]))
    assert passage.text == "intro\n\nline one\n  line two\n\noutro"


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


def test_a_paragraph_that_would_overflow_starts_the_next_passage() -> None:
    text = words(220, "aa") + "\n\n" + words(750, "b")  # 659 + 1,499 characters: more than MAX_CHARS
    passages = split_passages(ExtractedDocument(title="t", sections=[Section(headings=(), text=text)]))
    assert passages[0].text == words(220, "aa")
    assert " ".join(passage.text for passage in passages).split() == text.split()


@given(
    st.lists(
        st.tuples(st.integers(min_value=0, max_value=700), st.sampled_from(["\n\n", "\n \n", "\n\n\n", " "])),
        max_size=12,
    )
)
def test_any_section_is_cut_within_the_limit_without_losing_words(shape: list[tuple[int, str]]) -> None:
    text = "".join(words(count, f"w{index}") + gap for index, (count, gap) in enumerate(shape))
    passages = split_passages(ExtractedDocument(title="t", sections=[Section(headings=(), text=text)]))
    assert all(0 < len(passage.text) <= MAX_CHARS for passage in passages)
    assert " ".join(passage.text for passage in passages).split() == text.split()
