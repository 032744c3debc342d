"""The small seam the agent talks to: chat messages in, schema-constrained text and usage out."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict

JsonSchema = Mapping[str, Any]


class ChatMessage(BaseModel):
    """One chat turn; the model's own chat template turns a list of these into a prompt."""

    model_config = ConfigDict(frozen=True)

    role: Literal["system", "user", "assistant"]
    content: str


class Usage(BaseModel):
    """What one call cost. ``cached_tokens`` are prompt tokens served from the KV cache, not evaluated."""

    model_config = ConfigDict(frozen=True)

    prompt_tokens: int
    completion_tokens: int
    cached_tokens: int = 0
    seconds: float = 0.0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


class Completion(BaseModel):
    """The model's text for one call together with its usage and why generation stopped."""

    model_config = ConfigDict(frozen=True)

    text: str
    usage: Usage
    finish_reason: Literal["stop", "length"] = "stop"


class TextPiece(BaseModel):
    """A piece of text as it is generated (the streaming form); the last item of a stream is a Completion."""

    model_config = ConfigDict(frozen=True)

    text: str


@runtime_checkable
class ChatModel(Protocol):
    """Anything the agent can ask for one structured decision: the llama.cpp adapter or a scripted model."""

    @property
    def model_id(self) -> str: ...

    @property
    def context_size(self) -> int: ...

    def count_tokens(self, messages: Sequence[ChatMessage]) -> int:
        """Prompt tokens these messages take once rendered with the chat template."""
        ...

    def complete(
        self, messages: Sequence[ChatMessage], schema: JsonSchema, *, max_tokens: int = 512
    ) -> Completion:
        """Generate one reply constrained to ``schema``; raises a ``models.errors.ModelError`` on failure."""
        ...

    def stream(
        self, messages: Sequence[ChatMessage], schema: JsonSchema, *, max_tokens: int = 512
    ) -> Iterator[TextPiece | Completion]:
        """Like :meth:`complete`, yielding TextPieces as they are generated and the Completion last."""
        ...


@runtime_checkable
class SchemaBound(Protocol):
    """A model whose generation the schema's grammar constrains, so its reply can only be one the schema allows.

    The agent may then complete a reply the model has begun once only one allowed reply fits it; a script, which
    may write anything, is never completed."""

    @property
    def follows_schema(self) -> bool: ...

    @property
    def last_prompt_reused(self) -> int:
        """Prompt tokens of the latest call that the KV cache already held (known before any text is generated,
        so a stream stopped early can still be charged correctly)."""
        ...


@runtime_checkable
class SizedModel(Protocol):
    """A model that can say how many parameters it has: a GGUF model can, a script cannot.

    The agent lets a model write its own queries and answers only when it is big enough to (see
    ``agent.settings.AgentSettings.decisions``); a model that cannot say is treated as small.
    """

    @property
    def parameter_count(self) -> int | None: ...


@runtime_checkable
class WarmableModel(Protocol):
    """A model that can evaluate a prompt ahead of time, so a later call that starts with it only pays for the rest."""

    def warm_up(self, messages: Sequence[ChatMessage]) -> int:
        """Evaluate the prompt ``messages`` render to into the model's cache; returns the tokens evaluated."""
        ...
