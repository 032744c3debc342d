"""``LlamaCppModel``: a local GGUF model through llama-cpp-python, behind the ``ChatModel`` protocol.

What it adds over calling llama-cpp-python directly, and why:

- Checks before loading (present, GGUF magic, pinned SHA-256 for the bundled file) and typed, explained errors
  when llama.cpp refuses a file; llama.cpp's own log is captured, not printed, and quoted in the error.
- The chat template stored in the GGUF formats the messages; a prompt that cannot fit raises
  ``PromptTooLongError`` before anything is evaluated.
- Output is constrained by a grammar built once per schema and applied rejection-style (see ``models.grammar``),
  then parsed and validated; running into ``max_tokens`` is an ``OutputTruncatedError``.
- KV-cache prefix reuse: within an agent task the prompt only grows, so each call evaluates only the tokens
  after the longest common prefix with what is already in the cache (reported as ``cached_tokens``).
- Threads sized to the cores other processes leave free, re-chosen as a call goes on (``models.threads``):
  llama.cpp's threads wait on each other, so a thread without a core of its own slows every step.

Not thread-safe: one call at a time per instance (the agent makes one model call at a time).
"""

from __future__ import annotations

import codecs
import contextlib
import ctypes
import io
import os
import time
from collections import deque
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from models.chat_template import ChatTemplate, chat_template_text
from models.errors import (
    ModelCorruptError,
    NoChatTemplateError,
    OutputTruncatedError,
    PromptTooLongError,
)
from models.gguf_header import MetadataValue, read_gguf_header, trained_context_length
from models.grammar import GrammarSampler, TokenChooser, canonical_schema_json, schema_to_gbnf
from models.integrity import check_gguf_file, pin_for, verify_pin
from models.protocol import ChatMessage, Completion, JsonSchema, TextPiece, Usage
from models.settings import DEFAULT_MAX_CONTEXT, ModelSettings
from models.threads import FreeCores, prompt_threads_for, threads_for
from models.validation import SchemaValidator

_LOG_LINES: deque[str] = deque(maxlen=50)
_LOG_CALLBACK: Any = None
_GGML_LOG_ERROR = 3


def capture_llama_log() -> None:
    """Route llama.cpp's log into a small buffer, emptied now: quiet by default, quotable when a load fails.

    The log callback is process-wide, so every llama.cpp load (the chat model's and the embedder's) calls this
    before it: whichever loads first, no C-level log line reaches the terminal or the desk.
    """
    _install_log_sink()
    _LOG_LINES.clear()


def logged_errors(fallback: str) -> str:
    """llama.cpp's error lines since :func:`capture_llama_log`, or ``fallback`` when it logged none."""
    return "; ".join(line for line in _LOG_LINES if line) or fallback


def _install_log_sink() -> None:
    global _LOG_CALLBACK
    if _LOG_CALLBACK is not None:
        return
    import llama_cpp

    @llama_cpp.llama_log_callback  # type: ignore[untyped-decorator]
    def sink(level: int, text: bytes, user_data: ctypes.c_void_p) -> None:
        if level >= _GGML_LOG_ERROR:
            _LOG_LINES.append(text.decode("utf-8", errors="replace").strip())

    _LOG_CALLBACK = sink
    llama_cpp.llama_log_set(sink, ctypes.c_void_p(0))


def _load_llama(path: Path, settings: ModelSettings, n_ctx: int) -> Any:
    """Construct ``llama_cpp.Llama``; a refusal becomes ``ModelCorruptError`` quoting llama.cpp's own error."""
    import llama_cpp

    capture_llama_log()
    try:
        # verbose=True avoids llama-cpp-python redirecting the process's stdout/stderr file descriptors while
        # loading (that would blank a running TUI); its Python-level prints are captured here instead.
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            return llama_cpp.Llama(
                str(path),
                n_ctx=n_ctx,
                n_threads=settings.n_threads,
                n_threads_batch=settings.n_threads_batch,
                seed=settings.seed,
                verbose=True,
            )
    except (ValueError, RuntimeError) as error:
        raise ModelCorruptError(path, f"llama.cpp refused it: {logged_errors(str(error))}") from error


class LlamaCppModel:
    """A loaded GGUF model. Build with :meth:`load`; release memory with :meth:`close`."""

    def __init__(
        self,
        llama: Any,
        *,
        path: Path,
        settings: ModelSettings,
        template: ChatTemplate,
        metadata: dict[str, MetadataValue],
        parameter_count: int | None = None,
    ) -> None:
        import llama_cpp

        self._llama_cpp = llama_cpp
        self._llama = llama
        self._last_prompt_reused = 0
        self._path = path
        self._settings = settings
        self._template = template
        self.metadata = metadata
        self._parameter_count = parameter_count
        self._vocab = llama._model.vocab
        self._n_vocab = int(llama.n_vocab())
        self._grammars: dict[str, tuple[GrammarSampler, SchemaValidator]] = {}
        self.last_rejections = 0
        self.last_full_passes = 0
        self._free_cores = FreeCores(os.cpu_count() or 1) if settings.adapt_threads else None
        self.threads = (settings.n_threads, settings.n_threads_batch)  # (generation, prompt) threads in use

    @classmethod
    def load(
        cls, path: Path, *, settings: ModelSettings | None = None, cache_dir: Path | None = None
    ) -> LlamaCppModel:
        """Check the file (magic, pin), read its header, load it and its chat template."""
        settings = settings or ModelSettings()
        check_gguf_file(path)
        pin = pin_for(path)
        if pin is not None:
            verify_pin(path, pin, cache_dir)
        metadata, parameter_count = read_gguf_header(path)
        template_text, source = chat_template_text(metadata, settings)
        if template_text is None:
            raise NoChatTemplateError(path)
        n_ctx = settings.n_ctx or min(trained_context_length(metadata) or 4096, DEFAULT_MAX_CONTEXT)
        llama = _load_llama(path, settings, n_ctx)
        template = ChatTemplate(
            template_text,
            bos_token=_token_text(llama, llama.token_bos()),
            eos_token=_token_text(llama, llama.token_eos()),
            source=source,
            model_path=path,
        )
        return cls(
            llama,
            path=path,
            settings=settings,
            template=template,
            metadata=metadata,
            parameter_count=parameter_count,
        )

    # --- the ChatModel protocol -------------------------------------------------------------------

    @property
    def model_id(self) -> str:
        return self._path.name

    @property
    def context_size(self) -> int:
        return int(self._llama.n_ctx())

    def count_tokens(self, messages: Sequence[ChatMessage]) -> int:
        return len(self.prompt_tokens(messages))

    def complete(
        self, messages: Sequence[ChatMessage], schema: JsonSchema, *, max_tokens: int = 512
    ) -> Completion:
        return _last_completion(self.stream(messages, schema, max_tokens=max_tokens))

    def stream(
        self, messages: Sequence[ChatMessage], schema: JsonSchema, *, max_tokens: int = 512
    ) -> Iterator[TextPiece | Completion]:
        grammar, validator = self._grammar_for(schema)
        completion: Completion | None = None
        for item in self._generate(self.prompt_tokens(messages), grammar, max_tokens):
            if isinstance(item, Completion):
                completion = item
            else:
                yield item
        assert completion is not None
        if completion.finish_reason == "length":
            raise OutputTruncatedError(completion.text, max_tokens, completion.usage)
        validator.parse(completion.text, completion.usage)
        yield completion

    # --- beyond the protocol ----------------------------------------------------------------------

    @property
    def path(self) -> Path:
        return self._path

    @property
    def last_prompt_reused(self) -> int:
        """Prompt tokens of the latest call served from the KV cache (see ``models.protocol.SchemaBound``)."""
        return self._last_prompt_reused

    @property
    def follows_schema(self) -> bool:
        """Every reply is generated under the schema's grammar (see ``models.protocol.SchemaBound``)."""
        return True

    @property
    def parameter_count(self) -> int | None:
        """Weights in the file's tensors, summed from the GGUF tensor table (``models.protocol.SizedModel``)."""
        return self._parameter_count

    @property
    def chat_template_name(self) -> str:
        return self._template.name

    @property
    def settings(self) -> ModelSettings:
        return self._settings

    def prompt_tokens(self, messages: Sequence[ChatMessage]) -> list[int]:
        """The token ids of the rendered chat prompt (the template adds BOS when the model wants one)."""
        prompt = self._template.render(messages)
        tokens: list[int] = self._llama.tokenize(prompt.encode("utf-8"), add_bos=False, special=True)
        return tokens

    def complete_text(self, messages: Sequence[ChatMessage], *, max_tokens: int = 256) -> Completion:
        """Unconstrained generation (no schema); ``finish_reason`` may be ``length``. Used by the benchmark."""
        return _last_completion(self._generate(self.prompt_tokens(messages), None, max_tokens))

    def warm_up(self, messages: Sequence[ChatMessage]) -> int:
        """Evaluate the prompt ``messages`` render to into the KV cache now (``WarmableModel``); returns the
        tokens evaluated. A later call whose prompt starts the same way evaluates only what follows, so a
        first question costs what later ones do: warm with the system prompt while the user types. This also
        faults the weights into memory and starts llama.cpp's threads, both first-call costs otherwise.
        """
        prompt = self.prompt_tokens(messages)
        if len(prompt) + 1 > self.context_size:
            return 0
        self._fit_threads()
        return len(prompt) - self._evaluate_prompt(prompt)

    def forget_cache(self) -> None:
        """Drop the KV cache, so the next call evaluates its whole prompt (benchmarks and tests use this)."""
        self._llama.reset()

    def close(self) -> None:
        for grammar, _ in self._grammars.values():
            grammar.close()
        self._grammars.clear()
        self._llama.close()

    # --- generation -------------------------------------------------------------------------------

    def _grammar_for(self, schema: JsonSchema) -> tuple[GrammarSampler, SchemaValidator]:
        """The grammar and validator for a schema, built on first use and cached by the schema's JSON."""
        key = canonical_schema_json(schema)
        if key not in self._grammars:
            grammar = GrammarSampler(self._vocab, schema_to_gbnf(schema), self._n_vocab)
            self._grammars[key] = (grammar, SchemaValidator(schema))
        return self._grammars[key]

    def _generate(
        self, prompt: list[int], grammar: GrammarSampler | None, max_tokens: int
    ) -> Iterator[TextPiece | Completion]:
        """Evaluate the prompt, then choose, stream and evaluate tokens until the end or ``max_tokens``."""
        started = time.perf_counter()
        if len(prompt) + max_tokens > self.context_size:
            raise PromptTooLongError(len(prompt), self.context_size, max_tokens)
        if grammar is not None:
            grammar.reset()
        self._fit_threads()
        cached = self._evaluate_prompt(prompt)
        self._last_prompt_reused = cached
        chooser = TokenChooser(self._settings.temperature, self._settings.seed)
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        pieces: list[str] = []
        finish: Literal["stop", "length"] = "length"
        while len(pieces) < max_tokens:
            token = chooser.choose(self._last_logits(), grammar)
            if self._llama_cpp.llama_vocab_is_eog(self._vocab, token):
                finish = "stop"
                break
            pieces.append(decoder.decode(self._llama.detokenize([token])))
            if pieces[-1]:
                yield TextPiece(text=pieces[-1])
            if grammar is not None and self._grammar_complete(grammar, token):
                finish = "stop"
                break
            self._fit_threads()
            self._llama.eval([token])
        self.last_rejections = chooser.rejections
        self.last_full_passes = chooser.full_passes
        usage = Usage(
            prompt_tokens=len(prompt),
            completion_tokens=len(pieces),
            cached_tokens=cached,
            seconds=time.perf_counter() - started,
        )
        text = "".join(pieces) + decoder.decode(b"", final=True)
        yield Completion(text=text, usage=usage, finish_reason=finish)

    def _fit_threads(self) -> None:
        """Use as many threads as cores are free right now (see ``models.threads``); off: the settings' own."""
        if self._free_cores is None:
            return
        free = self._free_cores.free()
        chosen = (
            threads_for(free, self._settings.n_threads),
            prompt_threads_for(free, self._settings.n_threads_batch, self._settings.contend_for_prompt),
        )
        if chosen != self.threads:
            self._llama._ctx.set_n_threads(*chosen)
            self.threads = chosen

    def _grammar_complete(self, grammar: GrammarSampler, token: int) -> bool:
        """Accept ``token``; True once the grammar allows end-of-generation (the JSON value is closed).

        Stopping here instead of waiting for the model to choose its end token saves a decode step and any
        optional trailing whitespace the grammar would still allow.
        """
        grammar.accept(token)
        return grammar.allows(int(self._llama.token_eos()))

    def _evaluate_prompt(self, prompt: list[int]) -> int:
        """Evaluate what the KV cache does not already hold; returns how many prompt tokens were reused.

        At least the last prompt token is always evaluated, because its logits pick the first new token.
        """
        llama = self._llama
        reusable = min(_common_prefix(llama._input_ids, prompt), len(prompt) - 1)
        if reusable > 0 and llama._ctx.kv_cache_seq_rm(-1, reusable, -1):
            llama.n_tokens = reusable
        else:
            llama.reset()
            reusable = 0
        llama.eval(prompt[reusable:])
        return reusable

    def _last_logits(self) -> npt.NDArray[np.single]:
        pointer = self._llama_cpp.llama_get_logits_ith(self._llama.ctx, -1)
        logits: npt.NDArray[np.single] = np.ctypeslib.as_array(pointer, shape=(self._n_vocab,))
        return logits


def _common_prefix(cached: npt.NDArray[np.intc], prompt: list[int]) -> int:
    length = min(len(cached), len(prompt))
    if length == 0:
        return 0
    differs = np.nonzero(cached[:length] != np.asarray(prompt[:length], dtype=np.intc))[0]
    return int(differs[0]) if differs.size else length


def _last_completion(items: Iterator[TextPiece | Completion]) -> Completion:
    completion: Completion | None = None
    for item in items:
        if isinstance(item, Completion):
            completion = item
    assert completion is not None  # every generator here ends with a Completion or raises
    return completion


def _token_text(llama: Any, token: int) -> str:
    return "" if token < 0 else str(llama._model.token_get_text(token))
