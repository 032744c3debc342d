"""The desk's running tally of a task (step n/N, searches n/N, tokens used/budget), folded from agent events.

Kept apart from the widgets so the same numbers show live, after a cancel, and when a past task is reopened.
"""

from __future__ import annotations

from dataclasses import dataclass

from agent.events import (
    AgentEvent,
    SearchRan,
    StatusChanged,
    StepStarted,
    TaskFinished,
    TaskStarted,
    TokensUsed,
)
from agent.state import AgentState, Status, StopReason
from tui.desk.formatting import count


@dataclass
class TaskProgress:
    """What the meter shows; ``status`` is None before any task ran."""

    task_id: str = ""
    question: str = ""
    step: int = 0
    max_steps: int = 0
    searches: int = 0
    max_searches: int = 0
    tokens_used: int = 0
    token_budget: int = 0
    status: Status | None = None
    stop_reason: StopReason | None = None
    message: str = ""

    def apply(self, event: AgentEvent) -> None:
        """Fold one event into the tally."""
        match event:
            case TaskStarted():
                self._start(event)
            case StepStarted(step=step, max_steps=max_steps):
                self.step, self.max_steps = step, max_steps
            case SearchRan():
                self.searches, self.max_searches = event.search_count, event.max_searches
            case TokensUsed(tokens_used=used, token_budget=budget):
                self.tokens_used, self.token_budget = used, budget
            case StatusChanged(status=status, stop_reason=reason, message=message):
                self.status, self.stop_reason, self.message = status, reason, message
            case TaskFinished(state=state):
                self._finish(state)

    def _start(self, event: TaskStarted) -> None:
        fresh = TaskProgress(
            task_id=event.task_id,
            question=event.question,
            max_steps=event.max_steps,
            max_searches=event.max_searches,
            token_budget=event.token_budget,
            status="running",
        )
        vars(self).update(vars(fresh))

    def _finish(self, state: AgentState) -> None:
        self.status, self.stop_reason, self.message = state.status, state.stop_reason, state.message
        self.tokens_used, self.searches = state.tokens_used, state.search_count

    @property
    def running(self) -> bool:
        return self.status == "running"

    def meter_text(self) -> str:
        """'step 2/8 · searches 1/4 · tokens 1,234/8,000'; unknown limits show as '?'."""
        return " · ".join(
            [
                f"step {self.step}/{self.max_steps or '?'}",
                f"searches {self.searches}/{self.max_searches or '?'}",
                f"tokens {count(self.tokens_used)}/{count(self.token_budget) if self.token_budget else '?'}",
            ]
        )
