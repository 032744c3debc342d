"""Re-running a recorded task through the current agent code, with the model's recorded outputs.

The model's decisions are the only non-deterministic input of a task, and each is recorded verbatim in
its plan step (``raw``). Feeding them back through ``ScriptedModel`` with the same settings, prompt
version and index replays the task against today's loop, guards and wrapping; the first step where the
new run differs from the recording is the divergence. Observation text is compared with the per-task
fence nonce masked, so a change to how sources are wrapped shows up, but the random nonce does not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from agent.loop import Agent, final_state
from agent.meaning import TextEmbedder
from agent.state import AgentState, PlanContent, Step
from agent.system_prompt import DEFAULT_PROMPT_VERSION, SystemPrompt, load_system_prompt
from agent.tool import SearchBackend
from agent.trajectory import Trajectory
from models.scripted import ScriptedModel

_FENCE_NONCE = re.compile(r'fence="[0-9a-f]+"')
_STEP_FIELDS: dict[str, tuple[str, ...]] = {
    "plan": ("action", "raw"),
    "tool_call": ("tool", "query", "limit", "executed", "refusal"),
    "observation": ("labels", "new_labels", "error", "text"),
    "final": ("status", "stop_reason", "answer", "citations", "message"),
}


class Divergence(BaseModel):
    """The first step (1-based, over all recorded steps) where the rerun differs, and how."""

    index: int
    recorded: dict[str, Any] | None
    rerun: dict[str, Any] | None
    fields: list[str]


class RerunOutcome(BaseModel):
    """The rerun's final state, the prompt it used, and its first divergence (None: identical)."""

    state: AgentState
    prompt_version: str
    prompt_note: str = ""
    replies_recorded: int
    replies_used: int
    divergence: Divergence | None


def recorded_model_outputs(steps: Sequence[Step]) -> list[str]:
    """The model's text for every decision, in order (invalid replies included: the loop must see them)."""
    return [step.content.raw for step in steps if isinstance(step.content, PlanContent)]


def comparable(step: Step) -> dict[str, Any]:
    """The parts of a step that code determines, without timestamps or the random fence nonce."""
    values = step.content.model_dump(include=set(_STEP_FIELDS[step.kind]))
    if isinstance(values.get("text"), str):
        values["text"] = _FENCE_NONCE.sub('fence="…"', values["text"])
    return {"kind": step.kind, **values}


def first_divergence(recorded: Sequence[Step], rerun: Sequence[Step]) -> Divergence | None:
    """Walk both step lists together; report the first difference, or a run that is longer or shorter."""
    for index in range(max(len(recorded), len(rerun))):
        old = comparable(recorded[index]) if index < len(recorded) else None
        new = comparable(rerun[index]) if index < len(rerun) else None
        if old != new:
            keys = sorted(set(old or {}) | set(new or {}))
            fields = [key for key in keys if (old or {}).get(key) != (new or {}).get(key)]
            return Divergence(index=index + 1, recorded=old, rerun=new, fields=fields)
    return None


def recorded_prompt(version: str) -> tuple[SystemPrompt, str]:
    """The prompt version the task ran with, or today's default (with a note) if it no longer ships."""
    try:
        return load_system_prompt(version), ""
    except FileNotFoundError:
        note = f"prompt {version!r} no longer ships; rerun used {DEFAULT_PROMPT_VERSION!r}"
        return load_system_prompt(DEFAULT_PROMPT_VERSION), note


def rerun_trajectory(
    trajectory: Trajectory, tool: SearchBackend, embedder: TextEmbedder | None = None
) -> RerunOutcome:
    """Replay the recorded decisions through the current agent over ``tool``; report the first divergence.

    ``embedder`` reranks by meaning as the recorded run did when it had one (its settings say whether to use it).
    """
    if trajectory.final_state is None:
        raise ValueError(f"{trajectory.path}: the task never finished, so there is no complete run to replay")
    recorded_steps = trajectory.final_state.steps
    replies = recorded_model_outputs(recorded_steps)
    model = ScriptedModel(
        replies, model_id=f"rerun:{trajectory.header.model_id}", source=str(trajectory.path)
    )
    prompt, note = recorded_prompt(trajectory.header.prompt_version)
    settings = trajectory.header.agent_settings()
    agent = Agent(model=model, tool=tool, settings=settings, prompt=prompt, embedder=embedder)
    carried = trajectory.final_state.continuation  # a continued task is reseeded with what it carried over
    state = final_state(agent.run(trajectory.final_state.question, previous=carried))
    return RerunOutcome(
        state=state,
        prompt_version=prompt.version,
        prompt_note=note,
        replies_recorded=len(replies),
        replies_used=len(replies) - model.remaining,
        divergence=first_divergence(recorded_steps, state.steps),
    )
