"""Hand-made agent states with known outcomes, for grading tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from agent.state import (
    AgentState,
    FinalContent,
    ObservationContent,
    PlanContent,
    Source,
    Status,
    Step,
    StopReason,
    Timings,
    ToolCallContent,
)

CORPUS = Path("/corpus")
FIXTURES = Path("/fixtures")
ROOTS = [CORPUS, FIXTURES]
STARTED = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)


def source(label: str, path: Path, query: str = "q") -> Source:
    return Source(
        label=label,
        passage_id=f"{path.stem}:0",
        doc_id=path.stem,
        title=path.stem,
        path=str(path),
        snippet=f"text of {path.name}",
        query=query,
    )


def search_steps(
    query: str, labels: list[str], *, executed: bool = True, refusal: str | None = None
) -> list[Step]:
    call = ToolCallContent(query=query, limit=4, executed=executed, refusal=refusal)
    steps = [
        Step(kind="plan", content=PlanContent(action="search", raw="{}", query=query)),
        Step(kind="tool_call", content=call),
    ]
    if executed and refusal is None:
        steps.append(
            Step(kind="observation", content=ObservationContent(labels=labels, new_labels=labels, text="..."))
        )
    return steps


def finished(
    question: str,
    *,
    sources: list[Source] = (),  # type: ignore[assignment]
    searches: list[list[Step]] = (),  # type: ignore[assignment]
    answer: str | None = None,
    citations: list[str] = (),  # type: ignore[assignment]
    status: Status = "completed",
    stop_reason: StopReason = "answered",
    proposed: list[PlanContent] = (),  # type: ignore[assignment]
    seconds: float = 2.0,
    tokens: int = 1000,
) -> AgentState:
    """A finished task: its searches, an optional final plan, and the final step."""
    steps = [step for group in searches for step in group]
    steps += [Step(kind="plan", content=plan) for plan in proposed]
    final = FinalContent(status=status, stop_reason=stop_reason, answer=answer, citations=list(citations))
    steps.append(Step(kind="final", content=final))
    executed = sum(
        1
        for step in steps
        if isinstance(step.content, ToolCallContent) and step.content.executed and not step.content.refusal
    )
    return AgentState(
        question=question,
        status=status,
        stop_reason=stop_reason,
        steps=steps,
        sources=list(sources),
        step_count=len(searches) + len(proposed) + 1,
        search_count=executed,
        token_budget=12000,
        tokens_used=tokens,
        answer=answer,
        citations=list(citations),
        timings=Timings(started_at=STARTED, finished_at=STARTED + timedelta(seconds=seconds)),
    )
