"""The desk's pure helpers: citation links, the streamed answer draft, highlighting, export, short paths."""

from __future__ import annotations

import itertools
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from agent.state import AgentState, SentenceSupport, Source
from tui.desk.citations import cited_labels, label_from_href, link_citations, marked_answer, ordered_citations
from tui.desk.export import answer_markdown, export_answer, slugify
from tui.desk.formatting import display_path, relative_time
from tui.desk.highlight import query_words, term_spans
from tui.desk.screens.desk import DraftTracker
from tui.desk.streaming import partial_string_field


def test_labels_are_found_in_groups_and_linked_with_their_brackets() -> None:
    answer = "Feed daily [S2]; discard hooch [S1, S3] and again [S2][S4]."
    assert cited_labels(answer) == ["S2", "S1", "S3", "S4"]
    linked = link_citations(answer)
    assert "[\\[S1\\]](source:S1) [\\[S3\\]](source:S3)" in linked
    assert linked.count("(source:S2)") == 2


def test_labels_cited_only_in_the_list_are_appended_and_ordered_after_inline_ones() -> None:
    assert link_citations("No inline labels.", ["S5"]).endswith("Sources: [\\[S5\\]](source:S5)")
    assert ordered_citations("see [S3]", ["S1", "S3"]) == ["S3", "S1"]


@pytest.mark.parametrize(
    ("href", "label"),
    [("source:S12", "S12"), ("https://example.com", None), ("source:../../etc", None), ("source:S", None)],
)
def test_only_citation_links_are_followed(href: str, label: str | None) -> None:
    assert label_from_href(href) == label


def test_the_answer_draft_decodes_partial_json_including_cut_escapes() -> None:
    full = json.dumps({"action": "final", "citations": ["S1"], "answer": 'Say "hi"\nthen é [S1]'})
    drafts = [partial_string_field(full[:cut], "answer") for cut in range(len(full) + 1)]
    seen = [draft for draft in drafts if draft is not None]
    assert seen[-1] == 'Say "hi"\nthen é [S1]'
    assert all(later.startswith(earlier) for earlier, later in itertools.pairwise(seen))


def test_draft_tracker_passes_only_new_answer_text_of_final_decisions() -> None:
    tracker = DraftTracker()
    search = json.dumps({"action": "search", "query": "answer me"})
    assert [tracker.add(search[i : i + 5]) for i in range(0, len(search), 5)] == [""] * len(
        range(0, len(search), 5)
    )
    tracker.reset()
    final = json.dumps({"action": "final", "citations": [], "answer": "Not enough evidence."})
    pieces = [tracker.add(final[i : i + 3]) for i in range(0, len(final), 3)]
    assert "".join(pieces) == "Not enough evidence."


def test_highlighting_marks_words_starting_with_a_query_term() -> None:
    text = "Loops and looping: the for statement loops; OR is an operator."
    assert query_words('for AND "loop" OR x') == ["loop", "for"]
    spans = term_spans(text, ["loop", "for"])
    assert [text[start:end] for start, end in spans] == ["Loops", "looping", "for", "loops"]


def test_paths_show_relative_to_the_working_directory_or_home(tmp_path: Path) -> None:
    assert display_path(tmp_path / "corpus" / "a.md", cwd=tmp_path, home=Path("/nowhere")) == "corpus/a.md"
    assert display_path(tmp_path / "a.md", cwd=Path("/elsewhere"), home=tmp_path) == "~/a.md"
    assert display_path("/srv/a.md", cwd=tmp_path, home=tmp_path) == "/srv/a.md"


def test_relative_times_read_at_a_glance() -> None:
    now = datetime(2026, 1, 2, 12, 0, tzinfo=UTC)
    assert relative_time(now - timedelta(seconds=20), now) == "just now"
    assert relative_time(now - timedelta(minutes=5), now) == "5 min ago"
    assert relative_time(now - timedelta(hours=3), now) == "3 h ago"


def _state(**changes: object) -> AgentState:
    source = Source(
        label="S1",
        passage_id="d:0",
        doc_id="d",
        title="Sourdough",
        path="/notes/sourdough.md",
        heading="Troubleshooting",
        snippet="Grey liquid   is hooch.",
        query="hooch",
    )
    state = AgentState(question="What is hooch?", token_budget=1000, sources=[source], task_id="abcdef12-x")
    return state.model_copy(update=changes)


def test_export_lists_cited_sources_with_path_and_snippet(tmp_path: Path) -> None:
    state = _state(status="completed", stop_reason="answered", answer="Alcohol [S1].", citations=["S1"])
    first = export_answer(state, tmp_path)
    second = export_answer(state, tmp_path)
    assert first.name == "abcdef12-what-is-hooch.md" and second.name == "abcdef12-what-is-hooch-2.md"
    text = first.read_text(encoding="utf-8")
    assert text.startswith("# What is hooch?\n") and "Alcohol [S1]." in text
    assert "**[S1] Sourdough** — `/notes/sourdough.md` § Troubleshooting" in text
    assert "> Grey liquid is hooch." in text


def test_export_of_a_task_without_answer_says_so_and_keeps_what_was_found() -> None:
    text = answer_markdown(
        _state(status="needs_user", stop_reason="no_evidence", message="Nothing relevant.")
    )
    assert (
        "needs_user (no_evidence)" in text and "**No answer.** Nothing relevant." in text and "[S1]" in text
    )


def test_slugs_are_file_name_safe() -> None:
    assert slugify("Où est / le *café*?") == "o-est-le-caf"
    assert slugify("???") == "answer"


def checked(sentence: str, labels: list[str], best: str, supported: bool = True) -> SentenceSupport:
    return SentenceSupport(
        sentence=sentence, labels=labels, best_label=best, supported=supported, word_share=1.0
    )


def test_each_sentence_is_marked_with_the_source_it_was_checked_against_where_its_labels_do_not_say() -> None:
    answer = "Hooch is alcohol.\nPour it off [S2]. Feed the starter twice [S1]."
    support = [
        checked("Hooch is alcohol.", ["S1", "S2"], "S2"),
        checked("Pour it off [S2].", ["S2"], "S2"),
        checked("Feed the starter twice [S1].", ["S1"], "S1", supported=False),
    ]
    assert marked_answer(answer, support) == (
        "Hooch is alcohol. _(checked against [S2])_\nPour it off [S2]. Feed the starter twice [S1]. "
        "_(not found in [S1])_"
    )
    assert marked_answer(answer, []) == answer
    assert "(checked against [\\[S2\\]](source:S2))" in link_citations(marked_answer(answer, support))
