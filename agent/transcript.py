"""The chat messages of one task, kept append-only so the model's KV cache can reuse the prompt prefix.

The only edit ever made to earlier turns is shortening an old observation when the next prompt would not fit the
model's context: its fenced text is replaced by a one-line-per-source summary that keeps every label, title and
path, so no source silently disappears. Shortening is permanent, so later prompts stay append-only after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from models.protocol import ChatMessage


@dataclass
class _Turn:
    role: Literal["system", "user", "assistant"]
    content: str
    short_form: str | None = None

    def message(self) -> ChatMessage:
        return ChatMessage(role=self.role, content=self.content)


class Transcript:
    """System prompt, the question, then alternating decisions (assistant) and observations (user)."""

    def __init__(self, system_prompt: str, opening: str, opening_short_form: str | None = None) -> None:
        """``opening_short_form`` (a continued task's opening without its carried-over passage text) lets the
        opening be shortened like an observation; the question itself is in both forms."""
        self._turns = [_Turn("system", system_prompt), _Turn("user", opening, opening_short_form)]

    def messages(self) -> list[ChatMessage]:
        return [turn.message() for turn in self._turns]

    def add_decision(self, raw: str) -> None:
        self._turns.append(_Turn("assistant", raw))

    def add_observation(self, text: str, short_form: str | None = None) -> None:
        """An observation; ``short_form`` (labels, titles, paths) replaces it if context runs short."""
        self._turns.append(_Turn("user", text, short_form))

    def extend_opening(self, text: str, short_form: str | None = None) -> None:
        """Add ``text`` to the opening turn: what code did before the model's first decision (its search of the
        question) belongs to the question's turn, since user and assistant turns must alternate."""
        if len(self._turns) != 2:
            raise ValueError("the opening can only be extended before the model's first decision")
        opening = self._turns[1]
        opening_short = opening.short_form or opening.content
        opening.short_form = f"{opening_short}\n{short_form}" if short_form is not None else None
        opening.content = f"{opening.content}\n{text}"

    def shorten_oldest(self) -> bool:
        """Shorten the oldest user turn that still has its full text; False when none is left to shorten.

        The newest observation is never shortened: the model needs it in full to take its next decision.
        """
        for turn in self._turns[1:-1]:
            if turn.short_form is not None:
                turn.content, turn.short_form = turn.short_form, None
                return True
        return False
