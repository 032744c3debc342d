"""How a GGUF model is run: context size, threads, sampling. Defaults make runs reproducible."""

from __future__ import annotations

import os

from pydantic import BaseModel, ConfigDict, Field

DEFAULT_SEED = 1234
# Larger contexts cost KV-cache memory for nothing: the agent's prompts stay well under this.
DEFAULT_MAX_CONTEXT = 8192


def all_cores() -> int:
    """Threads for generation: every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class ModelSettings(BaseModel):
    """Options for ``LlamaCppModel``.

    ``n_ctx=None`` means the model's trained context, capped at 8192. Threads: see ``models.threads`` for why
    the count follows the cores that are free. ``chat_template`` (Jinja text) replaces
    the template stored in the GGUF; it is for GGUF files that carry none, such as base (non-instruct) models.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    n_ctx: int | None = Field(default=None, ge=256)
    n_threads: int = Field(
        default_factory=all_cores, ge=1, description="Most threads for generating (one token at a time)."
    )
    n_threads_batch: int = Field(
        default_factory=all_cores,
        ge=1,
        description="Most threads for evaluating a prompt (many tokens at once).",
    )
    adapt_threads: bool = Field(
        default=True,
        description=(
            "Use only as many threads as there are cores other processes leave free (measured from /proc/stat, "
            "re-chosen as a call goes on), never more than n_threads / n_threads_batch. Off: always the maximum."
        ),
    )
    contend_for_prompt: bool = Field(
        default=True,
        description=(
            "When other programs leave no core free, evaluate prompts on all n_threads_batch threads: more "
            "threads win more of the contended time, and a prompt's large operations lose little waiting for each "
            "other (see models.threads). Off: one thread then, as for generation."
        ),
    )
    seed: int = DEFAULT_SEED
    temperature: float = Field(default=0.0, ge=0.0, le=2.0)
    chat_template: str | None = None
