"""Words for the agent's stop reasons, so every screen explains a stop the same way."""

from __future__ import annotations

from agent.state import StopReason

_STOP_REASON_WORDS: dict[str, str] = {
    "answered": "answered with citations",
    "no_evidence": "no evidence found in your documents",
    "clarification_needed": "the question is ambiguous",
    "max_steps": "step limit reached",
    "max_searches": "search limit reached",
    "token_budget": "token budget used up",
    "repeated_query": "it kept repeating the same search",
    "no_new_information": "searches stopped finding anything new",
    "tool_error": "the search tool failed",
    "invalid_final": "the answer did not pass validation",
    "model_error": "the model failed",
    "cancelled": "cancelled by you",
    "time_limit": "time limit reached",
}


def stop_reason_words(reason: StopReason | None) -> str:
    """A short phrase for a stop reason (the raw name when one is added later and not worded yet)."""
    if reason is None:
        return "still running"
    return _STOP_REASON_WORDS.get(reason, reason.replace("_", " "))
