"""A ``ChatModel`` that replays recorded model outputs, for deterministic tests, demos and ``--model scripted:FILE``.

It replays text verbatim and never enforces the schema: a script may hold invalid JSON, an unknown action or a
5,000-character query on purpose, so the agent's own validation can be tested. It does mimic the real adapter
where the agent's logic depends on it: token counts (estimated), ``cached_tokens`` as the common prefix with the
previous call's prompt and reply (what llama.cpp's KV cache would reuse), ``PromptTooLongError`` before the call,
``OutputTruncatedError`` past ``max_tokens``, and streaming in small pieces.
"""

from __future__ import annotations

import json
import re
import time
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from models.errors import (
    ModelFileMissingError,
    OutputTruncatedError,
    PromptTooLongError,
    ScriptError,
    ScriptExhaustedError,
)
from models.protocol import ChatMessage, Completion, JsonSchema, TextPiece, Usage

# Roughly how a BPE tokenizer splits English: word pieces of up to four characters, each punctuation mark alone.
_TOKEN_PATTERN = re.compile(r"\w{1,4}|[^\w\s]")
_STREAM_PIECE_CHARS = 4
DEFAULT_SCRIPTED_CONTEXT = 8192


def estimate_tokens(text: str) -> list[str]:
    """Split text into pseudo-tokens; stable, so equal prefixes give equal token prefixes."""
    return _TOKEN_PATTERN.findall(text)


def render_prompt_tokens(messages: Sequence[ChatMessage]) -> list[str]:
    """The pseudo-tokens of a chat prompt: a marker per turn, like a chat template, then the reply marker."""
    tokens: list[str] = []
    for message in messages:
        tokens.append(f"<|{message.role}|>")
        tokens.extend(estimate_tokens(message.content))
        tokens.append("<|end|>")
    tokens.append("<|assistant|>")
    return tokens


def common_prefix_length(left: Sequence[str], right: Sequence[str]) -> int:
    count = 0
    for left_token, right_token in zip(left, right, strict=False):
        if left_token != right_token:
            break
        count += 1
    return count


def text_within_tokens(text: str, max_tokens: int) -> tuple[str, int]:
    """The longest prefix of ``text`` holding at most ``max_tokens`` pseudo-tokens, and its token count."""
    matches = list(_TOKEN_PATTERN.finditer(text))
    if len(matches) <= max_tokens:
        return text, max(len(matches), 1 if text else 0)
    return text[: matches[max_tokens].start()], max_tokens


def read_script(path: Path) -> list[str]:
    """Parse a JSONL script: one JSON string per non-blank line, each the model's exact text for one call."""
    if not path.is_file():
        raise ModelFileMissingError(path, "write a JSONL script with one JSON string per line")
    replies: list[str] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for line_number, line in enumerate(lines, start=1):
        if line.strip():
            replies.append(_parse_script_line(path, line_number, line))
    return replies


def _parse_script_line(path: Path, line_number: int, line: str) -> str:
    try:
        value = json.loads(line)
    except json.JSONDecodeError as error:
        raise ScriptError(f"{path}:{line_number}: not valid JSON ({error.msg})") from error
    if not isinstance(value, str):
        raise ScriptError(
            f"{path}:{line_number}: expected a JSON string (the model's raw text), "
            f"got {type(value).__name__}; wrap it, e.g. json.dumps(text)"
        )
    return value


class ScriptedModel:
    """Replays queued replies in order and records what it was asked (``history``, ``schemas``)."""

    def __init__(
        self,
        replies: Iterable[str] = (),
        *,
        model_id: str = "scripted",
        context_size: int = DEFAULT_SCRIPTED_CONTEXT,
        source: str = "<in code>",
    ) -> None:
        self._replies: deque[str] = deque(replies)
        self._model_id = model_id
        self._context_size = context_size
        self._source = source
        self._kv_tokens: list[str] = []
        self.history: list[list[ChatMessage]] = []
        self.schemas: list[JsonSchema] = []
        self.usages: list[Usage] = []

    @classmethod
    def from_jsonl(cls, path: Path, *, context_size: int = DEFAULT_SCRIPTED_CONTEXT) -> ScriptedModel:
        replies = read_script(path)
        return cls(replies, model_id=f"scripted:{path.name}", context_size=context_size, source=str(path))

    @property
    def model_id(self) -> str:
        return self._model_id

    @property
    def context_size(self) -> int:
        return self._context_size

    @property
    def remaining(self) -> int:
        """Replies not yet played."""
        return len(self._replies)

    def enqueue(self, replies: Iterable[str]) -> None:
        self._replies.extend(replies)

    def count_tokens(self, messages: Sequence[ChatMessage]) -> int:
        return len(render_prompt_tokens(messages))

    def complete(
        self, messages: Sequence[ChatMessage], schema: JsonSchema, *, max_tokens: int = 512
    ) -> Completion:
        completion: Completion | None = None
        for item in self.stream(messages, schema, max_tokens=max_tokens):
            if isinstance(item, Completion):
                completion = item
        assert completion is not None  # stream() always ends with a Completion or raises
        return completion

    def stream(
        self, messages: Sequence[ChatMessage], schema: JsonSchema, *, max_tokens: int = 512
    ) -> Iterator[TextPiece | Completion]:
        started = time.perf_counter()
        prompt_tokens = self._admit_call(messages, schema, max_tokens)
        reply = self._next_reply()
        text, completion_tokens = text_within_tokens(reply, max_tokens)
        for start in range(0, len(text), _STREAM_PIECE_CHARS):
            yield TextPiece(text=text[start : start + _STREAM_PIECE_CHARS])
        usage = self._record_usage(prompt_tokens, text, completion_tokens, started)
        if text != reply:
            raise OutputTruncatedError(text, max_tokens, usage)
        yield Completion(text=text, usage=usage, finish_reason="stop")

    def _admit_call(self, messages: Sequence[ChatMessage], schema: JsonSchema, max_tokens: int) -> list[str]:
        """Record the call and check it fits, before any reply is consumed (as the real adapter does)."""
        self.history.append(list(messages))
        self.schemas.append(schema)
        prompt_tokens = render_prompt_tokens(messages)
        if len(prompt_tokens) + max_tokens > self._context_size:
            raise PromptTooLongError(len(prompt_tokens), self._context_size, max_tokens)
        return prompt_tokens

    def _next_reply(self) -> str:
        if not self._replies:
            raise ScriptExhaustedError(len(self.usages), self._source)
        return self._replies.popleft()

    def _record_usage(
        self, prompt_tokens: list[str], text: str, completion_tokens: int, started: float
    ) -> Usage:
        # llama.cpp always evaluates at least the last prompt token, even for an identical prompt.
        cached = min(common_prefix_length(self._kv_tokens, prompt_tokens), len(prompt_tokens) - 1)
        self._kv_tokens = prompt_tokens + estimate_tokens(text)
        usage = Usage(
            prompt_tokens=len(prompt_tokens),
            completion_tokens=completion_tokens,
            cached_tokens=max(cached, 0),
            seconds=time.perf_counter() - started,
        )
        self.usages.append(usage)
        return usage
