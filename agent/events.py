"""Typed events: the one stream the CLI, the TUI, the trajectory recorder and the eval harness all consume."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from agent.settings import DecisionMode
from agent.state import AgentState, Continuation, Source, Status, Step, StopReason, utc_now


class _Event(BaseModel):
    task_id: str
    at: datetime = Field(default_factory=utc_now)


class TaskStarted(_Event):
    type: Literal["task_started"] = "task_started"
    question: str
    max_steps: int
    max_searches: int
    token_budget: int
    decisions: DecisionMode = Field(
        default="choices", description="The decision mode in force ('choices' in files that predate modes)."
    )
    reads_by_meaning: bool = Field(
        default=False,
        description="Whether a sentence embedder was at hand for the settings that use one (answer_min_closeness, "
        "rank_answers_by_meaning, rerank_by_meaning): without it the same settings judge and rank by words alone.",
    )


class ContinuedFrom(_Event):
    """Right after ``task_started`` when the task continues an earlier one: everything it carried over.

    Recorded whole, so a reader (History, ``carrel replay --rerun``) can rebuild the seeded task exactly.
    """

    type: Literal["continued_from"] = "continued_from"
    continuation: Continuation


class StepStarted(_Event):
    type: Literal["step_started"] = "step_started"
    step: int
    max_steps: int


class ModelText(_Event):
    """A piece of the model's output as it is generated (the TUI shows it live; the recorder skips it)."""

    type: Literal["model_text"] = "model_text"
    text: str


class StepRecorded(_Event):
    """A typed step was appended to the state (plan, tool_call, observation or final)."""

    type: Literal["step_recorded"] = "step_recorded"
    step: Step


class SearchRan(_Event):
    type: Literal["search_ran"] = "search_ran"
    query: str
    limit: int
    result_count: int
    new_sources: list[Source]
    search_count: int
    max_searches: int


class TokensUsed(_Event):
    type: Literal["tokens_used"] = "tokens_used"
    prompt_tokens: int
    completion_tokens: int
    cached_tokens: int
    seconds: float
    tokens_used: int
    token_budget: int


class StatusChanged(_Event):
    type: Literal["status_changed"] = "status_changed"
    status: Status
    stop_reason: StopReason | None
    message: str = ""


class TaskFinished(_Event):
    """Always the last event: the whole final state."""

    type: Literal["task_finished"] = "task_finished"
    state: AgentState


AgentEvent = Annotated[
    TaskStarted
    | ContinuedFrom
    | StepStarted
    | ModelText
    | StepRecorded
    | SearchRan
    | TokensUsed
    | StatusChanged
    | TaskFinished,
    Field(discriminator="type"),
]

agent_event_adapter: TypeAdapter[AgentEvent] = TypeAdapter(AgentEvent)
