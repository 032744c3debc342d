"""Schema-constrained token choice that costs almost nothing when the model already agrees with the grammar.

Why not ``create_completion(grammar=...)``: llama-cpp-python puts the grammar sampler first in its chain, so at
every step the grammar is checked against all ~49k vocabulary entries before greedy/top-k picks one; ``top_k``
cannot help because it runs after. Measured on SmolLM2-135M, 2 cores: 50 tok/s constrained vs 94 free (0.53).

What this does instead (the same idea as llama.cpp's own ``common_sampler``): pick the token as if there were no
grammar, then ask the grammar about that one token. Only when it is rejected is the grammar applied to the whole
vocabulary and the pick repeated among the allowed tokens. With a well-prompted model most tokens pass the first
check, so constrained generation runs at nearly free speed. For greedy decoding the result is identical to
filtering first; for temperature sampling it is exactly sampling from the grammar-masked distribution
(rejection sampling), up to the top-k cut.

Grammars are only ever built from Carrel's own schemas; a ``$ref`` that is not local is refused because
``LlamaGrammar.from_json_schema`` would try to fetch it.
"""

from __future__ import annotations

import ctypes
import json
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from models.errors import ModelError, SchemaUnsupportedError
from models.protocol import JsonSchema

TOP_K = 40
# Candidate windows tried one token at a time before a full-vocabulary grammar pass: 40 checks cost about
# 0.2 ms and 512 about 2.5 ms, against 15-90 ms for one full pass over ~49k tokens (measured on SmolLM2).
CANDIDATE_WINDOWS = (TOP_K, 512)
# The converter spells a bound like maxLength=N as N nested optional groups; llama.cpp refuses grammars past
# roughly 1,000-1,500 of them (measured) and crashes parsing far larger ones. Larger bounds are left out of the
# grammar and enforced by validation afterwards.
GRAMMAR_MAX_REPEAT = 1000
_BOUND_KEYWORDS = frozenset({"maxLength", "minLength", "maxItems", "minItems"})
# The converter's string character rule, ``[^"\\]``, admits raw control characters (a newline, a tab), which JSON
# forbids inside strings: SmolLM2 wrote a raw newline into a clarify question and json.loads refused the reply.
# The rule is rewritten to exclude them (NUL is left out of the class: llama.cpp ends code-point lists with 0).
_CONVERTER_CHAR_CLASS = '[^"\\\\]'
_JSON_CHAR_CLASS = '[^"\\\\\\x01-\\x1F\\x7F]'
_TOKEN_DATA = np.dtype([("id", np.intc), ("logit", np.single), ("p", np.single)], align=True)


def canonical_schema_json(schema: JsonSchema) -> str:
    """One string per schema, whatever the key order: the grammar cache key."""
    return json.dumps(schema, sort_keys=True, separators=(",", ":"))


def _walk_refs(node: Any) -> Iterator[str]:
    if isinstance(node, Mapping):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            else:
                yield from _walk_refs(value)
    elif isinstance(node, list):
        for item in node:
            yield from _walk_refs(item)


def relaxed_for_grammar(node: Any) -> Any:
    """The schema without length/size bounds above ``GRAMMAR_MAX_REPEAT`` (validation still applies them)."""
    if isinstance(node, Mapping):
        return {
            key: relaxed_for_grammar(value)
            for key, value in node.items()
            if not (key in _BOUND_KEYWORDS and isinstance(value, int) and value > GRAMMAR_MAX_REPEAT)
        }
    if isinstance(node, list):
        return [relaxed_for_grammar(item) for item in node]
    return node


def schema_to_gbnf(schema: JsonSchema) -> str:
    """GBNF text for a schema of ours; refuses non-local ``$ref``s before the converter can follow them."""
    remote = [ref for ref in _walk_refs(schema) if not ref.startswith("#")]
    if remote:
        raise SchemaUnsupportedError(
            f"schema has non-local $ref {remote[0]!r}; only '#/...' refs are allowed"
        )
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    try:
        gbnf: str = json_schema_to_gbnf(json.dumps(relaxed_for_grammar(schema)))
    except Exception as error:  # the converter raises bare Exceptions and asserts
        raise SchemaUnsupportedError(f"cannot turn the schema into a grammar: {error}") from error
    return _without_raw_control_characters(gbnf)


def _without_raw_control_characters(gbnf: str) -> str:
    """The grammar with every ``char ::=`` rule's open class narrowed to characters JSON allows unescaped."""
    lines = [
        line.replace(_CONVERTER_CHAR_CLASS, _JSON_CHAR_CLASS, 1) if line.startswith("char ::=") else line
        for line in gbnf.splitlines()
    ]
    return "\n".join(lines) + ("\n" if gbnf.endswith("\n") else "")


class GrammarSampler:
    """A llama.cpp grammar sampler for one schema; reset before each generation, freed by ``close``."""

    def __init__(self, vocab: Any, gbnf: str, n_vocab: int) -> None:
        import llama_cpp

        self._llama_cpp = llama_cpp
        self._sampler = llama_cpp.llama_sampler_init_grammar(vocab, gbnf.encode("utf-8"), b"root")
        if not self._sampler:
            raise SchemaUnsupportedError("llama.cpp rejected the grammar built from the schema")
        self._one = np.zeros(1, dtype=_TOKEN_DATA)
        self._one_view = self._token_array(self._one)
        self._all = np.zeros(n_vocab, dtype=_TOKEN_DATA)
        self._all_view = self._token_array(self._all)
        self._ids = np.arange(n_vocab, dtype=np.intc)

    def _token_array(self, data: npt.NDArray[Any]) -> Any:
        llama_cpp = self._llama_cpp
        pointer = data.ctypes.data_as(llama_cpp.llama_token_data_p)
        return llama_cpp.llama_token_data_array(data=pointer, size=len(data), selected=-1, sorted=False)

    def _apply(self, view: Any, size: int) -> None:
        view.size, view.selected, view.sorted = size, -1, False
        self._llama_cpp.llama_sampler_apply(self._sampler, ctypes.byref(view))

    def reset(self) -> None:
        self._llama_cpp.llama_sampler_reset(self._sampler)

    def allows(self, token: int) -> bool:
        """Whether the grammar, in its current state, accepts ``token`` next (one-entry check: cheap)."""
        self._one[0] = (token, 0.0, 0.0)
        self._apply(self._one_view, 1)
        return bool(np.isfinite(self._one["logit"][0]))

    def masked(self, logits: npt.NDArray[np.single]) -> npt.NDArray[np.single]:
        """A copy of ``logits`` with every token the grammar forbids set to -inf (the full, slow check)."""
        self._all["id"] = self._ids
        self._all["logit"] = logits
        self._all["p"] = 0.0
        self._apply(self._all_view, len(self._all))
        masked: npt.NDArray[np.single] = self._all["logit"].copy()
        return masked

    def accept(self, token: int) -> None:
        self._llama_cpp.llama_sampler_accept(self._sampler, token)

    def close(self) -> None:
        if self._sampler:
            self._llama_cpp.llama_sampler_free(self._sampler)
            self._sampler = None


class TokenChooser:
    """Greedy (temperature 0) or seeded temperature sampling over top-k, with rejection-style grammar checks.

    Cheapest first: the unconstrained pick (one grammar check of a few microseconds); if rejected, the best
    candidates in widening windows (``CANDIDATE_WINDOWS``, checked one token at a time); only if none of those
    is allowed, the whole vocabulary (one full grammar pass, tens of milliseconds). For greedy decoding every
    step returns the highest-logit allowed token, so the result equals filtering first. With a temperature the
    draw is among the allowed tokens of the first window that has any.
    """

    def __init__(self, temperature: float, seed: int) -> None:
        self._temperature = temperature
        self._rng = np.random.default_rng(seed)
        self.rejections = 0
        self.full_passes = 0

    def choose(self, logits: npt.NDArray[np.single], grammar: GrammarSampler | None) -> int:
        if self._temperature == 0.0:
            token = int(np.argmax(logits))  # much cheaper than a top-k partition, same answer
        else:
            token = self._pick(logits, _best_candidates(logits, TOP_K))
        if grammar is None or grammar.allows(token):
            return token
        self.rejections += 1
        for window in CANDIDATE_WINDOWS:
            allowed = self._allowed_among(_best_candidates(logits, window), grammar)
            if allowed.size:
                return self._pick(logits, allowed)
        self.full_passes += 1
        masked = grammar.masked(logits)
        if not np.isfinite(masked).any():
            raise ModelError("the grammar allows no next token; the schema grammar is inconsistent")
        return self._pick(masked, _best_candidates(masked, TOP_K))

    def _allowed_among(
        self, candidates: npt.NDArray[np.intp], grammar: GrammarSampler
    ) -> npt.NDArray[np.intp]:
        """Allowed candidates (best first); greedy decoding needs only the first one."""
        allowed: list[int] = []
        for candidate in candidates:
            if grammar.allows(int(candidate)):
                allowed.append(int(candidate))
                if self._temperature == 0.0:
                    break
        return np.asarray(allowed, dtype=np.intp)

    def _pick(self, logits: npt.NDArray[np.single], candidates: npt.NDArray[np.intp]) -> int:
        """The best candidate (temperature 0) or one drawn from their softmax at the temperature."""
        values = logits[candidates].astype(np.float64)
        if self._temperature == 0.0:
            return int(candidates[int(np.argmax(values))])
        scaled = values / self._temperature
        finite = np.isfinite(scaled)
        weights = np.where(finite, np.exp(scaled - scaled[finite].max()), 0.0)
        return int(candidates[self._rng.choice(len(candidates), p=weights / weights.sum())])


def _best_candidates(logits: npt.NDArray[np.single], count: int) -> npt.NDArray[np.intp]:
    """The ``count`` highest-logit token ids, best first."""
    count = min(count, len(logits))
    top = np.argpartition(logits, -count)[-count:]
    order: npt.NDArray[np.intp] = top[np.argsort(-logits[top], kind="stable")]
    return order
