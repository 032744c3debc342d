"""The agent's explicit, serialisable state: what was asked, what happened, and why it stopped."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Status = Literal["running", "completed", "failed", "needs_user"]

StopReason = Literal[
    "answered",
    "no_evidence",
    "clarification_needed",
    "max_steps",
    "max_searches",
    "token_budget",
    "repeated_query",
    "no_new_information",
    "tool_error",
    "invalid_final",
    "model_error",
    "cancelled",
    "time_limit",
]


def utc_now() -> datetime:
    return datetime.now(UTC)


class Source(BaseModel):
    """A passage the search tool really returned, under its per-task label (S1, S2, ...)."""

    model_config = ConfigDict(frozen=True)

    label: str
    passage_id: str
    doc_id: str
    title: str
    path: str
    heading: str = ""
    page: int | None = None
    snippet: str
    query: str = Field(description="The search that first returned this source.")


class SentenceSupport(BaseModel):
    """How one sentence of an answer was checked against the passages it cites (``agent.support``)."""

    model_config = ConfigDict(frozen=True)

    sentence: str = Field(description="The sentence as written, its inline labels included.")
    labels: list[str] = Field(description="The cited passages it was checked against.")
    best_label: str | None = Field(
        default=None, description="The checked passage holding most of its words: the one the desk shows."
    )
    supported: bool
    missing_facts: list[str] = Field(
        default_factory=list,
        description="Numbers, identifiers and quoted phrases it states that no checked passage holds.",
    )
    word_share: float = Field(description="Share of its content words the checked passages hold.")
    missing_words: list[str] = Field(default_factory=list)


class PlanContent(BaseModel):
    """The model's decision for this step, as it proposed it (before code judged it)."""

    kind: Literal["plan"] = "plan"
    action: Literal["search", "final", "clarify", "invalid"]
    raw: str = Field(
        description="The decision's text: what the model produced, or - when code completed a choice the model's "
        "text already determined - the completed text (the model's own is then in model_text)."
    )
    model_text: str | None = Field(
        default=None, description="What the model wrote of a decision code completed (choose, don't copy)."
    )
    query: str | None = None
    limit: int | None = None
    answer: str | None = None
    citations: list[str] = Field(default_factory=list)
    question: str | None = None


class ToolCallContent(BaseModel):
    kind: Literal["tool_call"] = "tool_call"
    tool: Literal["search"] = "search"
    query: str
    limit: int
    executed: bool = Field(description="False when code refused the call (repeat, limit, validation).")
    refusal: str | None = None
    issued_by: Literal["model", "code"] = Field(
        default="model",
        description="'code' for the search of the question text code runs before the model's first step.",
    )


class ObservationContent(BaseModel):
    kind: Literal["observation"] = "observation"
    labels: list[str] = Field(default_factory=list, description="Labels of the sources in this observation.")
    new_labels: list[str] = Field(default_factory=list)
    error: str | None = None
    text: str = Field(description="The observation exactly as shown to the model.")


class FinalContent(BaseModel):
    kind: Literal["final"] = "final"
    status: Status
    stop_reason: StopReason
    answer: str | None = None
    citations: list[str] = Field(default_factory=list)
    message: str = Field(default="", description="Why the task ended, in words for the user.")


StepContent = Annotated[
    PlanContent | ToolCallContent | ObservationContent | FinalContent, Field(discriminator="kind")
]


class Step(BaseModel):
    kind: Literal["plan", "tool_call", "observation", "final"]
    content: StepContent
    created_at: datetime = Field(default_factory=utc_now)


class Timings(BaseModel):
    started_at: datetime = Field(default_factory=utc_now)
    finished_at: datetime | None = None
    model_seconds: float = 0.0
    tool_seconds: float = 0.0

    @property
    def wall_seconds(self) -> float:
        end = self.finished_at or utc_now()
        return (end - self.started_at).total_seconds()


class Continuation(BaseModel):
    """What a task carried over from the earlier task it continues (a ``needs_user`` stop the user refined).

    Kept whole - the sources themselves, not just their labels - so a trajectory holds everything needed to
    seed a rerun exactly as the live task was seeded, even after the earlier task's file is gone.
    """

    model_config = ConfigDict(frozen=True)

    task_id: str = Field(description="The task this one continues.")
    questions: list[str] = Field(
        description="The questions asked before this one, oldest first: the original, then each refinement."
    )
    stop_reason: StopReason | None = Field(description="Why the continued task stopped.")
    sources: list[Source] = Field(description="Its sources, under the same labels (S1, S2, ...).")
    queries: list[str] = Field(description="Every search already run, in order, so none is repeated.")

    @property
    def labels(self) -> list[str]:
        return [source.label for source in self.sources]


class AgentState(BaseModel):
    """Everything about one task. ``completed`` only after the final answer passed validation."""

    task_id: str = Field(default_factory=lambda: str(uuid.uuid4()))
    question: str
    status: Status = "running"
    stop_reason: StopReason | None = None
    steps: list[Step] = Field(default_factory=list)
    sources: list[Source] = Field(default_factory=list)
    step_count: int = 0
    search_count: int = 0
    token_budget: int
    tokens_used: int = 0
    prompt_tokens_evaluated: int = 0
    answer: str | None = None
    citations: list[str] = Field(default_factory=list)
    support: list[SentenceSupport] = Field(
        default_factory=list,
        description="Each sentence of the accepted answer and the cited passage it was checked against.",
    )
    message: str = ""
    timings: Timings = Field(default_factory=Timings)
    queries_run: list[str] = Field(
        default_factory=list, description="This task's searches that ran, in order (not carried-over ones)."
    )
    continuation: Continuation | None = Field(
        default=None, description="What this task carried over from the task it continues, if any."
    )

    @property
    def continues(self) -> str | None:
        """The id of the task this one continues; None for a task asked afresh."""
        return self.continuation.task_id if self.continuation is not None else None

    def source_by_label(self, label: str) -> Source | None:
        return next((source for source in self.sources if source.label == label), None)
