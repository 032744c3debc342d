"""One passage per document per search while other documents match: BM25 often ranks several passages of one
document first, and a small model reading three hits then never sees the document that answers."""

from __future__ import annotations

from pathlib import Path

from agent.loop import CANDIDATES_PER_HIT
from indexer.results import LIMIT_MAX, SearchResults
from indexer.search import SearchTool, open_search_tool
from tests.agent.conftest import CountingTool, final, run_script, search
from tests.support.indexes import index_documents

KETTLE_MANUAL = "\n\n".join(
    f"# Kettle part {n}\n\nThe kettle kettle kettle descaling step {n}: the kettle needs vinegar and a kettle brush."
    for n in range(1, 5)
)
DOCUMENTS = {
    "manual.md": KETTLE_MANUAL,
    "faq.md": "# Questions\n\nA kettle boils water for tea.\n",
    "garden.md": "# Roses\n\nPrune roses in late winter.\n",
}
QUESTION = "How do I descale a kettle?"


def kettle_tool(tmp_path: Path, documents: dict[str, str]) -> CountingTool:
    return CountingTool(open_search_tool(index_documents(tmp_path, documents)))


def test_the_index_alone_ranks_several_passages_of_one_document_first(tmp_path: Path) -> None:
    tool = kettle_tool(tmp_path, DOCUMENTS)
    top_two = tool.search("kettle", 2).items
    assert [hit.path.rsplit("/", 1)[-1] for hit in top_two] == ["manual.md", "manual.md"]


def test_a_search_shows_one_passage_per_document_while_others_match(tmp_path: Path) -> None:
    tool = kettle_tool(tmp_path, DOCUMENTS)
    state, _, _ = run_script([search("kettle", limit=2), final("Use vinegar [S1].", ["S1"])], tool, QUESTION)
    assert sorted(source.path.rsplit("/", 1)[-1] for source in state.sources) == ["faq.md", "manual.md"]
    assert state.sources[0].path.endswith("manual.md")  # rank order is kept


def test_more_passages_of_one_document_fill_the_slots_no_other_document_can(tmp_path: Path) -> None:
    tool = kettle_tool(tmp_path, {"manual.md": KETTLE_MANUAL, "garden.md": DOCUMENTS["garden.md"]})
    state, _, _ = run_script([search("kettle", limit=3), final("Use vinegar [S1].", ["S1"])], tool, QUESTION)
    assert [source.path.rsplit("/", 1)[-1] for source in state.sources] == ["manual.md"] * 3
    assert len({source.passage_id for source in state.sources}) == 3


class LimitRecordingTool(CountingTool):
    """The real tool, recording the limit each call asked for."""

    def __init__(self, inner: SearchTool) -> None:
        super().__init__(inner)
        self.limits: list[int] = []

    def search(self, query: str, limit: int) -> SearchResults:
        self.limits.append(limit)
        return super().search(query, limit)


def test_the_tool_is_asked_for_extra_candidates_within_its_limit(tmp_path: Path) -> None:
    tool = LimitRecordingTool(kettle_tool(tmp_path, DOCUMENTS).inner)
    answer = final("Use vinegar [S1].", ["S1"])
    run_script([search("kettle", limit=2), answer], tool, QUESTION)
    run_script([search("kettle", limit=4), answer], tool, QUESTION, hits_per_search=4)
    assert tool.limits == [2 * CANDIDATES_PER_HIT, LIMIT_MAX]
