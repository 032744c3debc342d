"""Trajectories: every task written as it runs to ``<trajectories>/<date>/<task_id>.jsonl``, and read back.

Line 1 is a header (Carrel version, model id and sha256, prompt version, index path and document count, the
settings, with the decision mode in force rather than 'auto'); then one line per event, written and flushed as it happens so a crash (even ``kill -9``) loses at most
the event in flight; the last line is the ``task_finished`` event carrying the final state. Model token events
are not written (the decision text is in the plan step). These files are the audit trail, the input of
``carrel replay`` and the evaluation harness, and what the desk's History shows - all read with
:func:`load_trajectory`, which tolerates a truncated last line.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from datetime import datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import IO, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agent.events import AgentEvent, ModelText, TaskFinished, TaskStarted, agent_event_adapter
from agent.settings import RENAMED_SETTINGS, AgentSettings, DecisionMode
from agent.state import AgentState, utc_now

TRAJECTORY_FORMAT = 1
TRAJECTORY_SUFFIX = ".jsonl"


def carrel_version() -> str:
    try:
        return version("carrel-research")
    except PackageNotFoundError:
        return "0+unknown"


class RunContext(BaseModel):
    """What a task ran with, known before it starts; the recorder adds the task id and question."""

    model_config = ConfigDict(frozen=True)

    model_id: str
    model_sha256: str | None = None
    prompt_version: str
    index_path: str | None = None
    document_count: int | None = None
    settings: AgentSettings = Field(default_factory=AgentSettings)


class TrajectoryHeader(BaseModel):
    """The first line of a trajectory file. ``settings`` stays a plain mapping so old files keep loading."""

    type: Literal["header"] = "header"
    format: int = TRAJECTORY_FORMAT
    carrel_version: str
    task_id: str
    question: str
    created_at: datetime = Field(default_factory=utc_now)
    model_id: str
    model_sha256: str | None = None
    prompt_version: str
    index_path: str | None = None
    document_count: int | None = None
    settings: dict[str, Any] = Field(default_factory=dict)
    reads_by_meaning: bool = False
    """Whether the task had a sentence embedder for the settings that use one (False in older files)."""

    def agent_settings(self) -> AgentSettings:
        """The settings as the current code understands them (unknown keys from newer files are ignored).

        A file from before decision modes ran the mode its answer_choices says, and is read back in it."""
        current = {RENAMED_SETTINGS.get(key, key): value for key, value in self.settings.items()}
        known = {key: value for key, value in current.items() if key in AgentSettings.model_fields}
        if "decisions" not in known:
            known["decisions"] = "choices" if known.get("answer_choices", True) else "free"
        return AgentSettings.model_validate(known)

    @property
    def decisions(self) -> DecisionMode:
        """The decision mode the task ran in."""
        return self.agent_settings().mode_in_force


class TrajectoryError(ValueError):
    """A trajectory file cannot be read; the message names the file and line."""


def trajectory_path(trajectories_dir: Path, started: TaskStarted) -> Path:
    return trajectories_dir / started.at.date().isoformat() / f"{started.task_id}{TRAJECTORY_SUFFIX}"


class TrajectoryRecorder:
    """Writes one task's events as JSON lines. The file is created when the ``task_started`` event arrives."""

    def __init__(self, trajectories_dir: Path, context: RunContext) -> None:
        self.trajectories_dir = trajectories_dir
        self.context = context
        self.path: Path | None = None
        self._file: IO[str] | None = None

    def record(self, event: AgentEvent) -> None:
        if isinstance(event, TaskStarted):
            self._open(event)
        if self._file is None or isinstance(event, ModelText):
            return
        self._write_line(event.model_dump_json())
        if isinstance(event, TaskFinished):
            os.fsync(self._file.fileno())
            self.close()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def _open(self, started: TaskStarted) -> None:
        self.close()
        self.path = trajectory_path(self.trajectories_dir, started)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = self.path.open("a", encoding="utf-8")
        header = TrajectoryHeader(
            carrel_version=carrel_version(),
            task_id=started.task_id,
            question=started.question,
            created_at=started.at,
            model_id=self.context.model_id,
            model_sha256=self.context.model_sha256,
            prompt_version=self.context.prompt_version,
            index_path=self.context.index_path,
            document_count=self.context.document_count,
            settings=self._settings_in_force(started).model_dump(mode="json"),
            reads_by_meaning=started.reads_by_meaning,
        )
        self._write_line(header.model_dump_json())

    def _settings_in_force(self, started: TaskStarted) -> AgentSettings:
        """The context's settings, with 'auto' replaced by the mode the loop resolved for its model."""
        settings = self.context.settings
        return settings.with_mode(started.decisions) if settings.decisions == "auto" else settings

    def _write_line(self, line: str) -> None:
        """One whole line per write, flushed at once: a crash can only cut the line being written."""
        assert self._file is not None
        self._file.write(line + "\n")
        self._file.flush()


def recorded(events: Iterable[AgentEvent], recorder: TrajectoryRecorder) -> Iterator[AgentEvent]:
    """Pass ``events`` through unchanged, writing each to the recorder first."""
    try:
        for event in events:
            recorder.record(event)
            yield event
    finally:
        recorder.close()


class Trajectory(BaseModel):
    """A trajectory file read back: header, events in order, and the final state if the task finished."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    path: Path
    header: TrajectoryHeader
    events: list[AgentEvent]
    final_state: AgentState | None = None
    truncated: bool = Field(default=False, description="The last line was cut off (the process died).")

    @property
    def complete(self) -> bool:
        return self.final_state is not None


def _parse_line(path: Path, number: int, line: str) -> dict[str, Any]:
    try:
        value = json.loads(line)
    except json.JSONDecodeError as error:
        raise TrajectoryError(f"{path}:{number}: not valid JSON ({error.msg})") from None
    if not isinstance(value, dict):
        raise TrajectoryError(f"{path}:{number}: expected a JSON object")
    return value


def _header(path: Path, line: dict[str, Any]) -> TrajectoryHeader:
    try:
        return TrajectoryHeader.model_validate(line)
    except ValidationError as error:
        raise TrajectoryError(
            f"{path}:1: not a Carrel trajectory header ({error.errors()[0]['msg']})"
        ) from None


def _event(path: Path, number: int, line: dict[str, Any]) -> AgentEvent:
    try:
        return agent_event_adapter.validate_python(line)
    except ValidationError as error:
        raise TrajectoryError(f"{path}:{number}: not a known event ({error.errors()[0]['msg']})") from None


def _complete_lines(path: Path) -> tuple[list[str], bool]:
    """The file's lines, minus a last line that was cut off mid-write (no newline and not valid JSON)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise TrajectoryError(f"{path}: cannot read it ({error.strerror})") from None
    lines = text.split("\n")
    last = lines.pop()
    if not last.strip():
        return lines, False
    try:
        json.loads(last)
    except json.JSONDecodeError:
        return lines, True
    return [*lines, last], False


def load_trajectory(path: Path) -> Trajectory:
    """Read a trajectory file; a truncated last line is dropped and reported as ``truncated``."""
    lines, truncated = _complete_lines(path)
    numbered = [(number, line) for number, line in enumerate(lines, start=1) if line.strip()]
    if not numbered:
        raise TrajectoryError(f"{path}: empty file, not a Carrel trajectory")
    header = _header(path, _parse_line(path, *numbered[0]))
    events = [_event(path, number, _parse_line(path, number, line)) for number, line in numbered[1:]]
    final = next((event.state for event in events if isinstance(event, TaskFinished)), None)
    return Trajectory(path=path, header=header, events=events, final_state=final, truncated=truncated)


def list_trajectories(trajectories_dir: Path) -> list[Path]:
    """Every trajectory file under ``trajectories_dir``, newest first."""
    if not trajectories_dir.is_dir():
        return []
    files = trajectories_dir.glob(f"*/*{TRAJECTORY_SUFFIX}")
    return sorted(files, key=lambda path: path.stat().st_mtime, reverse=True)
