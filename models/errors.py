"""Typed model failures. Each message names the file involved and what the user can do about it.

The agent catches ``ModelError`` and stops with ``model_error``; the CLI prints ``str(error)``. Subclasses carry the
facts as attributes too (paths, sizes, the raw output) so callers can act on them, e.g. the agent trims its prompt
on ``PromptTooLongError`` using ``prompt_tokens`` and ``context_size``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from models.protocol import Usage

MODEL_CHOICE_HINT = "choose another model with --model PATH, CARREL_MODEL or the config file"


class ModelError(Exception):
    """Base of every failure at the model boundary; the agent turns these into ``model_error`` stops."""


class ModelFileError(ModelError):
    """The model file itself is unusable; ``path`` names it."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(message)
        self.path = path


class ModelFileMissingError(ModelFileError):
    """No file at the chosen model path (or the bundled model package is not installed)."""

    def __init__(self, path: Path, hint: str = MODEL_CHOICE_HINT) -> None:
        super().__init__(path, f"model file not found: {path}; {hint}")


class NotAGGUFError(ModelFileError):
    """The file does not start with the GGUF magic bytes, so llama.cpp is never asked to load it."""

    def __init__(self, path: Path, first_bytes: bytes) -> None:
        super().__init__(
            path,
            f"not a GGUF model file: {path} starts with {first_bytes!r}, not b'GGUF'; {MODEL_CHOICE_HINT}",
        )
        self.first_bytes = first_bytes


class EmbedderFileError(ModelFileError):
    """The sentence embedder's converted GGUF, or the archive in its package, cannot be used (``path`` names it);
    the message ends with what to do: delete the converted file so it is converted again, or reinstall."""

    def __init__(self, path: Path, detail: str, remedy: str) -> None:
        super().__init__(path, f"sentence embedder unusable: {path} ({detail}); {remedy}")
        self.detail = detail


class ModelCorruptError(ModelFileError):
    """The file looks like a GGUF but is truncated or damaged (llama.cpp refused it, or the pin says so)."""

    def __init__(self, path: Path, detail: str) -> None:
        super().__init__(
            path,
            f"model file is corrupt or truncated: {path} ({detail}); "
            f"re-install or re-download it, or {MODEL_CHOICE_HINT}",
        )
        self.detail = detail


class ChecksumMismatchError(ModelCorruptError):
    """The bundled model's bytes differ from the pinned SHA-256 (or size): it was damaged after install."""

    def __init__(self, path: Path, expected: str, actual: str) -> None:
        super().__init__(path, f"sha256 {actual} does not match the pinned {expected}")
        self.expected = expected
        self.actual = actual


class NoChatTemplateError(ModelFileError):
    """The GGUF carries no ``tokenizer.chat_template``, so Carrel cannot know how to format a chat."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            path,
            f"model has no chat template in its metadata: {path}; "
            f"use an instruction-tuned GGUF that includes tokenizer.chat_template, or {MODEL_CHOICE_HINT}",
        )


class PromptTooLongError(ModelError):
    """The rendered prompt does not fit the context; raised before any evaluation so the caller can trim."""

    def __init__(self, prompt_tokens: int, context_size: int, max_tokens: int = 0) -> None:
        super().__init__(
            f"prompt is {prompt_tokens} tokens but the model context holds {context_size} "
            f"(with {max_tokens} reserved for the reply); shorten the prompt or raise n_ctx"
        )
        self.prompt_tokens = prompt_tokens
        self.context_size = context_size
        self.max_tokens = max_tokens


class OutputInvalidError(ModelError):
    """The model's text does not parse against the schema; ``raw_text`` is exactly what it produced.

    ``usage`` is what the failed call cost, so token budgets still count it (None if unknown).
    """

    def __init__(self, raw_text: str, reason: str, usage: Usage | None = None) -> None:
        super().__init__(f"model output does not match the schema ({reason}): {raw_text[:500]!r}")
        self.raw_text = raw_text
        self.reason = reason
        self.usage = usage


class OutputTruncatedError(OutputInvalidError):
    """Generation hit ``max_tokens`` before the JSON was complete (finish_reason ``length``)."""

    def __init__(self, raw_text: str, max_tokens: int, usage: Usage | None = None) -> None:
        super().__init__(raw_text, f"cut off at max_tokens={max_tokens}; raise max_tokens", usage)
        self.max_tokens = max_tokens


class ScriptError(ModelError):
    """A scripted model's script is unreadable; names the file and line."""


class ScriptExhaustedError(ScriptError):
    """The scripted model was asked for more replies than its script holds."""

    def __init__(self, calls_answered: int, source: str) -> None:
        super().__init__(
            f"scripted model ran out of replies after {calls_answered} call(s) (script: {source}); "
            "add more lines to the script or enqueue more replies"
        )
        self.calls_answered = calls_answered
        self.source = source


class ChatTemplateError(ModelError):
    """The model's chat template refused the messages (e.g. roles that do not alternate as it requires)."""

    def __init__(self, path: Path, detail: str) -> None:
        super().__init__(
            f"the chat template of {path} cannot format these messages: {detail}; "
            "adjust the message roles or choose another model"
        )
        self.path = path
        self.detail = detail


class SchemaUnsupportedError(ModelError):
    """The JSON schema is invalid or cannot become a llama.cpp grammar (a programming error on Carrel's side)."""
