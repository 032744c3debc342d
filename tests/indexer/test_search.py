"""The search tool's contract: validation, limits, output shape, passages and stats."""

from __future__ import annotations

from pathlib import Path

import pytest

from indexer.errors import IndexMissingError
from indexer.results import QUERY_MAX_CHARS, SNIPPET_MAX_CHARS, SearchQueryError, query_within_limit
from indexer.search import SearchTool, open_search_tool
from tests.support.indexes import build_fixture_index


@pytest.fixture
def tool(tmp_path: Path) -> SearchTool:
    _, index_dir = build_fixture_index(tmp_path)
    return open_search_tool(index_dir)


@pytest.mark.parametrize("query", ["", " ", "x", "  y  ", "z" * 201])
def test_query_length_is_validated_after_trimming(tool: SearchTool, query: str) -> None:
    with pytest.raises(SearchQueryError, match="2-200 characters"):
        tool.search(query)


def test_a_question_longer_than_a_query_is_cut_at_a_word_boundary_and_searches(tool: SearchTool) -> None:
    question = "How do I make the\n  server " + "really " * 40 + "restart gracefully?"

    query = query_within_limit(question)

    assert len(query) <= QUERY_MAX_CHARS
    assert question.split()[: len(query.split())] == query.split()
    assert "\n" not in query and "  " not in query
    assert tool.search(query).query == query


def test_a_short_question_is_its_own_query() -> None:
    assert query_within_limit("  what is  a sourdough\tstarter? ") == "what is a sourdough starter?"


def test_query_without_words_is_a_validation_error(tool: SearchTool) -> None:
    with pytest.raises(SearchQueryError, match="no searchable words"):
        tool.search('((( ))) :: "" ^~*')


@pytest.mark.parametrize(("limit", "expected"), [(None, 5), (0, 1), (-3, 1), (3, 3), (10, 10), (99, 10)])
def test_limit_defaults_to_5_and_is_clamped(tool: SearchTool, limit: int | None, expected: int) -> None:
    results = tool.search("the and of a to", limit=limit)
    assert len(results.items) == expected


@pytest.mark.parametrize("limit", ["3", 2.5, True])
def test_non_integer_limit_is_a_validation_error(tool: SearchTool, limit: object) -> None:
    with pytest.raises(SearchQueryError, match="limit"):
        tool.search("starter", limit=limit)  # type: ignore[arg-type]


def test_query_syntax_is_plain_words(tool: SearchTool) -> None:
    """Syntax characters are dropped by the tokenizer: the same words give the same results."""
    plain = tool.search("title starter AND hooch 2 5 OR")
    syntax = tool.search('title:(starter AND "hooch"~2)^5 OR -*')
    assert [hit.id for hit in syntax.items] == [hit.id for hit in plain.items]
    assert plain.items


def test_results_are_ordered_by_score_and_well_formed(tool: SearchTool) -> None:
    results = tool.search("  descale boiler vinegar  ", limit=10)
    assert results.query == "descale boiler vinegar"
    assert results.searched_at.tzinfo is not None
    scores = [hit.score for hit in results.items]
    assert scores == sorted(scores, reverse=True)
    for hit in results.items:
        assert hit.id and hit.path and hit.doc_id
        assert hit.is_fragment is True
        assert 0 < len(hit.snippet) <= SNIPPET_MAX_CHARS


def test_query_words_match_other_forms_of_the_same_stem(tool: SearchTool) -> None:
    assert "Descaling" in tool.search("descaled").items[0].heading
    assert tool.search("feeds").items[0].heading.endswith("Feeding schedule")
    forms = tool.query_forms(["running"])
    assert {"running", "run", "runs"} <= set(forms)
    assert "rune" not in forms


def test_snippet_surrounds_the_matched_words(tool: SearchTool) -> None:
    hit = tool.search("vinegar").items[0]
    assert "vinegar" in hit.snippet


def test_passage_returns_full_text_and_place(tool: SearchTool) -> None:
    hit = tool.search("polarised light").items[0]
    record = tool.passage(hit.id)
    assert record is not None
    assert (record.id, record.path, record.page, record.title) == (hit.id, hit.path, 2, hit.title)
    assert "dorsal rim" in record.text
    assert tool.passage("nope:0") is None
    assert tool.passage(f"file:{hit.doc_id}") is None


def test_document_passages_come_in_reading_order(tool: SearchTool) -> None:
    doc_id = tool.search("hooch").items[0].doc_id
    passages = tool.document_passages(doc_id)
    assert [passage.ordinal for passage in passages] == list(range(len(passages)))
    assert passages[0].heading == "Sourdough starter notes"
    assert tool.document_passages("0" * 12) == []


def test_missing_index_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(IndexMissingError, match="carrel index"):
        open_search_tool(tmp_path / "nothing-here")
