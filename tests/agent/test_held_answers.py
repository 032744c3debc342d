"""Searching on never loses an answer code held (decision 0099).

A later search's passages can crowd the answer ranking's first few with sentences none of which passes the answer
rules; code then offers the answers it held after the earlier search instead of ending with "not enough evidence".
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from agent import loop
from agent.answers import AnswerChoice
from agent.state import Source
from models.scripted import ScriptedModel
from tests.agent.conftest import QUESTION, make_agent

HELD = AnswerChoice(citations=("S1",), text="Green tea is brewed with water at about 80 degrees Celsius [S1]")
LATER = AnswerChoice(citations=("S2",), text="Boiling water makes green tea taste bitter [S2]")


def source(label: str) -> Source:
    return Source(
        label=label, passage_id=f"{label}:0", doc_id=label, title="Tea", path="tea.md", snippet="x", query="q"
    )


def task_composing(monkeypatch: pytest.MonkeyPatch, *composed: list[AnswerChoice]) -> loop._TaskRun:
    """A task whose answer composition returns ``composed`` in turn, one per set of sources."""
    run = loop._TaskRun(make_agent(ScriptedModel([]), tool=None), QUESTION, lambda: False, None)
    answers: Iterator[list[AnswerChoice]] = iter(composed)
    monkeypatch.setattr(run, "_compose_answer_choices", lambda evidence: next(answers))
    return run


def offered_after_each_search(run: loop._TaskRun, searches: int) -> list[list[AnswerChoice]]:
    offered = []
    for number in range(1, searches + 1):
        run.state.sources.append(source(f"S{number}"))
        offered.append(run._answer_choices(run._evidence()))
    return offered


def test_a_later_search_that_leaves_no_answer_keeps_the_one_held(monkeypatch: pytest.MonkeyPatch) -> None:
    run = task_composing(monkeypatch, [HELD], [])

    assert offered_after_each_search(run, 2) == [[HELD], [HELD]]


def test_a_later_search_with_answers_of_its_own_offers_those(monkeypatch: pytest.MonkeyPatch) -> None:
    run = task_composing(monkeypatch, [HELD], [LATER])

    assert offered_after_each_search(run, 2) == [[HELD], [LATER]]


def test_with_nothing_held_there_is_nothing_to_offer(monkeypatch: pytest.MonkeyPatch) -> None:
    run = task_composing(monkeypatch, [], [])

    assert offered_after_each_search(run, 2) == [[], []]
