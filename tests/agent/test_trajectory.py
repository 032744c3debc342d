"""Trajectories: written as the task runs, read back whole, and still readable after a crash mid-write."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from agent.events import ModelText, TaskFinished
from agent.loop import Agent, final_state
from agent.settings import AgentSettings
from agent.trajectory import (
    RunContext,
    TrajectoryError,
    TrajectoryRecorder,
    list_trajectories,
    load_trajectory,
    recorded,
)
from indexer.search import SearchTool
from models.scripted import ScriptedModel
from tests.agent.conftest import final, make_agent, search

CONTEXT = RunContext(
    model_id="scripted",
    model_sha256=None,
    prompt_version="system-v1",
    index_path="/tmp/index",
    document_count=4,
    settings=AgentSettings(max_steps=5),
)


def recorded_run(tool: SearchTool, trajectories: Path) -> tuple[TrajectoryRecorder, list[object]]:
    model = ScriptedModel([search("green tea"), final("Brewed at 80 degrees [S1].", ["S1"])])
    recorder = TrajectoryRecorder(trajectories, CONTEXT)
    events = list(recorded(make_agent(model, tool, max_steps=5).run("How hot?"), recorder))
    return recorder, events


def test_recorder_writes_header_events_and_final_state(tool: SearchTool, tmp_path: Path) -> None:
    recorder, events = recorded_run(tool, tmp_path / "trajectories")
    assert recorder.path is not None and recorder.path.parent.parent == tmp_path / "trajectories"
    lines = recorder.path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    assert header["type"] == "header" and header["model_id"] == "scripted"
    assert header["settings"]["max_steps"] == 5 and header["document_count"] == 4
    written = [json.loads(line)["type"] for line in lines[1:]]
    assert written == [event.type for event in events if not isinstance(event, ModelText)]  # type: ignore[attr-defined]
    assert written[-1] == "task_finished"


def test_the_header_says_whether_a_sentence_embedder_was_at_hand(tool: SearchTool, tmp_path: Path) -> None:
    """The settings that use an embedder judge by words without one: the header says which the task ran with."""

    class FlatEmbedder:
        def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
            return np.asarray([[0.6, 0.8]] * len(texts), dtype=np.float32)

    for embedder, expected in ((None, False), (FlatEmbedder(), True)):
        model = ScriptedModel([search("green tea"), final("Brewed at 80 degrees [S1].", ["S1"])])
        settings = AgentSettings(question_search=False, decisions="choices", max_steps=5)
        agent = Agent(model=model, tool=tool, settings=settings, embedder=embedder)
        recorder = TrajectoryRecorder(tmp_path / str(expected), CONTEXT)
        list(recorded(agent.run("How hot?"), recorder))
        assert recorder.path is not None
        assert load_trajectory(recorder.path).header.reads_by_meaning is expected


def test_loader_round_trips_the_final_state(tool: SearchTool, tmp_path: Path) -> None:
    recorder, events = recorded_run(tool, tmp_path)
    assert recorder.path is not None
    trajectory = load_trajectory(recorder.path)
    assert trajectory.complete and not trajectory.truncated
    assert trajectory.final_state == final_state(iter(events))  # type: ignore[arg-type]
    assert trajectory.header.prompt_version == "system-v1"
    assert trajectory.header.agent_settings().max_steps == 5
    assert isinstance(trajectory.events[-1], TaskFinished)
    assert list_trajectories(tmp_path) == [recorder.path]


def test_loader_tolerates_a_truncated_last_line(tool: SearchTool, tmp_path: Path) -> None:
    recorder, _ = recorded_run(tool, tmp_path)
    assert recorder.path is not None
    lines = recorder.path.read_text(encoding="utf-8").splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:-1]) + lines[-1][: len(lines[-1]) // 2], encoding="utf-8")
    trajectory = load_trajectory(cut)
    assert trajectory.truncated and not trajectory.complete
    assert len(trajectory.events) == len(lines) - 2


def test_loader_names_the_file_and_line_of_a_damaged_middle_line(tool: SearchTool, tmp_path: Path) -> None:
    recorder, _ = recorded_run(tool, tmp_path)
    assert recorder.path is not None
    lines = recorder.path.read_text(encoding="utf-8").splitlines()
    lines[2] = "{not json"
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(TrajectoryError, match=r"damaged\.jsonl:3: not valid JSON"):
        load_trajectory(damaged)


def test_loader_rejects_a_file_that_is_not_a_trajectory(tmp_path: Path) -> None:
    other = tmp_path / "other.jsonl"
    other.write_text('{"hello": "world"}\n', encoding="utf-8")
    with pytest.raises(TrajectoryError, match="not a Carrel trajectory header"):
        load_trajectory(other)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    with pytest.raises(TrajectoryError, match="empty file"):
        load_trajectory(empty)
