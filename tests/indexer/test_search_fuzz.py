"""Hostile queries: the search tool returns results or raises SearchQueryError, nothing else.

Tantivy's query parser segfaults on deeply nested parentheses; the tool never calls it, and these
examples (run in-process) would take the whole test run down if it did.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from indexer.results import LIMIT_MAX, SearchQueryError
from indexer.search import SearchTool, open_search_tool
from tests.support.indexes import build_fixture_index

SYNTAX = ["(", ")", '"', ":", "AND", "OR", "NOT", "*", "^", "~", "+", "-", "[", "]", "{", "}", "\\", "/",
          "title:", "body:", "TO", "IN", "\x00", "\ud800", "\u200b", "hooch", "starter", " "]  # fmt: skip

queries = st.one_of(
    st.text(),
    st.lists(st.sampled_from(SYNTAX), max_size=120).map("".join),
    st.lists(st.sampled_from(SYNTAX), max_size=80).map(" ".join),
    st.integers(min_value=0, max_value=10_000).map(lambda n: "(" * n + "hooch" + ")" * n),
    st.tuples(st.text(min_size=1, max_size=20), st.integers(min_value=200, max_value=2_000)).map(
        lambda pair: (pair[0] * pair[1])[:10_000]
    ),
)
limits = st.one_of(st.none(), st.integers(min_value=-(10**9), max_value=10**9))


@pytest.fixture(scope="module")
def tool(tmp_path_factory: pytest.TempPathFactory) -> SearchTool:
    """Read-only searches only, so one index for the module is safe."""
    _, index_dir = build_fixture_index(tmp_path_factory.mktemp("fuzz"))
    return open_search_tool(index_dir)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(query=queries, limit=limits)
def test_any_query_gives_results_or_a_validation_error(
    tool: SearchTool, query: str, limit: int | None
) -> None:
    try:
        results = tool.search(query, limit)
    except SearchQueryError as error:
        assert "\n" not in str(error)
        return
    assert len(results.items) <= LIMIT_MAX
    results.model_dump_json()
    for hit in results.items:
        assert hit.id and hit.path


@pytest.mark.parametrize("depth", [100, 10_000, 100_000])
def test_deep_parentheses_never_reach_a_parser(tool: SearchTool, depth: int) -> None:
    query = "(" * depth + "hooch" + ")" * depth
    if len(query) > 200:
        with pytest.raises(SearchQueryError):
            tool.search(query)
    else:
        assert tool.search(query).items


def test_lone_surrogates_and_control_characters(tool: SearchTool) -> None:
    assert tool.search("hooch \ud800 \x00 \u202e").items
