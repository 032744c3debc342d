"""Rarity-weighted evidence: a common question word found is weak evidence, a rare one strong."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from agent.evidence import MIN_PASSAGE_SHARE, Evidence, rarity_weights
from agent.loop import RARITY_MIN_PASSAGES
from indexer.build import index_folders
from indexer.search import SearchTool, open_search_tool
from tests.agent.conftest import final, run_script, search

SHARES = {"module": 0.2, "default": 0.1, "port": 0.0, "listen": 0.0}


def test_rarer_words_weigh_more_and_absent_words_are_capped() -> None:
    weights = rarity_weights(list(SHARES), SHARES.__getitem__)
    assert weights["module"] < weights["default"] < weights["port"] == weights["listen"]
    assert weights["port"] == pytest.approx(-math.log(MIN_PASSAGE_SHARE))


def test_two_common_words_of_four_are_far_less_than_half_the_evidence() -> None:
    weights = rarity_weights(list(SHARES), SHARES.__getitem__)
    evidence = Evidence(terms=list(SHARES), found=["module", "default"], citable=["S1"], weights=weights)
    assert evidence.coverage == 0.5
    assert evidence.weighted_coverage < 0.25


def test_without_weights_coverage_counts_words() -> None:
    evidence = Evidence(terms=["a1", "b2", "c3"], found=["a1"], citable=["S1"])
    assert evidence.weighted_coverage == evidence.coverage == pytest.approx(1 / 3)


def test_the_index_gives_the_share_of_passages_holding_a_word_in_any_form(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    for n in range(4):
        extra = " The kettle boils." if n == 0 else ""
        (root / f"note{n}.md").write_text(
            f"# Note {n}\n\nModules are imported here.{extra}\n", encoding="utf-8"
        )
    index_folders([root], tmp_path / "index")
    tool = open_search_tool(tmp_path / "index")
    assert tool.passage_share("module") == 1.0
    assert tool.passage_share("kettles") == 0.25
    assert tool.passage_share("sqlite3") == 0.0


def test_a_word_the_index_splits_is_held_by_passages_holding_every_piece(tmp_path: Path) -> None:
    """A code name is as rare as the passages that hold all of it, not as common as any of its pieces."""
    root = tmp_path / "docs"
    root.mkdir()
    lines = [
        "Set group_source to choose the lookup.",
        "Each group is named.",
        "Each source is read.",
        "Nothing.",
    ]
    for n, line in enumerate(lines):
        (root / f"note{n}.md").write_text(f"# Note {n}\n\n{line}\n", encoding="utf-8")
    index_folders([root], tmp_path / "index")
    tool = open_search_tool(tmp_path / "index")
    assert tool.passage_share("group") == tool.passage_share("source") == 0.5
    assert tool.passage_share("group_source") == 0.25
    assert tool.passage_share("group_kettle") == 0.0


def module_index(tmp_path: Path, documents: int) -> SearchTool:
    root = tmp_path / "docs"
    root.mkdir()
    for n in range(documents):
        text = f"# Module {n}\n\nModule {n} keeps its default settings in a table.\n"
        (root / f"module{n}.md").write_text(text, encoding="utf-8")
    index_folders([root], tmp_path / "index")
    return open_search_tool(tmp_path / "index")


PORT_QUESTION = "Which port does the module use by default?"
SCRIPT = [search("module default"), final("Module 1 keeps its default settings [S1].", ["S1"])]


def test_only_common_words_found_in_a_large_index_is_no_evidence(tmp_path: Path) -> None:
    tool = module_index(tmp_path, RARITY_MIN_PASSAGES)
    state, _, _ = run_script(SCRIPT, tool, PORT_QUESTION, max_searches=1)
    assert (state.status, state.stop_reason) == ("needs_user", "no_evidence")


def test_a_small_index_counts_words_instead(tmp_path: Path) -> None:
    tool = module_index(tmp_path, 4)
    # Each module's sentence states another number ("Module 1", "Module 2"): without this switch the loop would
    # ask which module is meant (agent.readings); this test is about counting evidence.
    state, _, _ = run_script(SCRIPT, tool, PORT_QUESTION, max_searches=1, ask_between_readings=False)
    assert (state.status, state.stop_reason) == ("completed", "answered")
