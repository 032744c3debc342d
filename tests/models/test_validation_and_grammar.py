"""Output validation and the grammar's safety/selection rules, without loading a model."""

from __future__ import annotations

import json

import numpy as np
import pytest

from models.errors import OutputInvalidError, SchemaUnsupportedError
from models.grammar import (
    TokenChooser,
    canonical_schema_json,
    relaxed_for_grammar,
    schema_to_gbnf,
)
from models.protocol import Usage
from models.validation import SchemaValidator

SCHEMA = {
    "type": "object",
    "properties": {"action": {"enum": ["search", "answer"]}, "query": {"type": "string"}},
    "required": ["action", "query"],
    "additionalProperties": False,
}


def test_valid_json_is_parsed() -> None:
    assert SchemaValidator(SCHEMA).parse('{"action": "search", "query": "tides"}') == {
        "action": "search",
        "query": "tides",
    }


def test_truncated_json_is_invalid_and_keeps_the_raw_text_and_usage() -> None:
    usage = Usage(prompt_tokens=10, completion_tokens=3)
    with pytest.raises(OutputInvalidError, match="not JSON") as caught:
        SchemaValidator(SCHEMA).parse('{"action": "sea', usage)
    assert caught.value.raw_text == '{"action": "sea'
    assert caught.value.usage == usage


def test_json_outside_the_schema_names_the_offending_field() -> None:
    with pytest.raises(OutputInvalidError, match="action"):
        SchemaValidator(SCHEMA).parse('{"action": "delete", "query": "x"}')


def test_an_invalid_schema_is_a_typed_error() -> None:
    with pytest.raises(SchemaUnsupportedError, match="invalid JSON schema"):
        SchemaValidator({"type": "no-such-type"})


def test_schema_key_order_does_not_change_the_cache_key() -> None:
    reordered = dict(reversed(list(SCHEMA.items())))
    assert canonical_schema_json(reordered) == canonical_schema_json(SCHEMA)


def test_a_grammar_is_built_for_our_schema() -> None:
    gbnf = schema_to_gbnf(SCHEMA)
    assert "root ::=" in gbnf
    assert '"\\"search\\""' in gbnf


def test_a_remote_ref_is_refused_before_the_converter_could_fetch_it() -> None:
    hostile = {"type": "object", "properties": {"x": {"$ref": "https://example.invalid/schema.json"}}}
    with pytest.raises(SchemaUnsupportedError, match="non-local"):
        schema_to_gbnf(hostile)


def test_local_refs_are_allowed() -> None:
    schema = {
        "$defs": {"word": {"type": "string"}},
        "type": "object",
        "properties": {"w": {"$ref": "#/$defs/word"}},
    }
    assert "root ::=" in schema_to_gbnf(schema)


def test_bounds_too_large_for_llama_cpp_are_left_to_validation() -> None:
    schema = {
        "type": "object",
        "properties": {"maxLength": {"type": "string", "maxLength": 50_000, "minLength": 2}},
    }
    relaxed = relaxed_for_grammar(schema)
    assert relaxed == {"type": "object", "properties": {"maxLength": {"type": "string", "minLength": 2}}}
    assert len(schema_to_gbnf(schema)) < 2_000
    with pytest.raises(OutputInvalidError, match="too long"):
        SchemaValidator(schema).parse(json.dumps({"maxLength": "x" * 50_001}))


class FakeGrammar:
    """Allows a fixed set of tokens and counts how often the full (slow) mask is requested."""

    def __init__(self, allowed: set[int]) -> None:
        self.allowed = allowed
        self.full_masks = 0

    def allows(self, token: int) -> bool:
        return token in self.allowed

    def masked(self, logits: np.ndarray) -> np.ndarray:
        self.full_masks += 1
        result = np.full_like(logits, -np.inf)
        for token in self.allowed:
            result[token] = logits[token]
        return result


def test_greedy_choice_checks_only_the_top_token_when_the_grammar_agrees() -> None:
    logits = np.array([0.1, 3.0, 0.5, 2.0], dtype=np.single)
    grammar = FakeGrammar({1, 3})
    chooser = TokenChooser(temperature=0.0, seed=1)
    assert chooser.choose(logits, grammar) == 1  # type: ignore[arg-type]
    assert (grammar.full_masks, chooser.rejections) == (0, 0)


def test_a_rejected_top_token_falls_back_to_the_best_allowed_one() -> None:
    logits = np.array([0.1, 3.0, 0.5, 2.0], dtype=np.single)
    grammar = FakeGrammar({0, 3})
    chooser = TokenChooser(temperature=0.0, seed=1)
    assert chooser.choose(logits, grammar) == 3  # type: ignore[arg-type]
    assert (grammar.full_masks, chooser.rejections) == (0, 1)


def test_a_wider_window_is_tried_before_the_full_vocabulary() -> None:
    logits = np.arange(1000, dtype=np.single)
    grammar = FakeGrammar({5, 700})
    chooser = TokenChooser(temperature=0.0, seed=1)
    assert chooser.choose(logits, grammar) == 700  # type: ignore[arg-type]
    assert (grammar.full_masks, chooser.full_passes) == (0, 0)


def test_the_full_vocabulary_pass_is_the_last_resort() -> None:
    logits = np.arange(1000, dtype=np.single)  # the widest window holds tokens 488..999
    grammar = FakeGrammar({5, 12})
    chooser = TokenChooser(temperature=0.0, seed=1)
    assert chooser.choose(logits, grammar) == 12  # type: ignore[arg-type]
    assert (grammar.full_masks, chooser.rejections, chooser.full_passes) == (1, 1, 1)


def test_temperature_sampling_is_reproducible_for_a_seed_and_respects_the_grammar() -> None:
    logits = np.linspace(0.0, 2.0, 100).astype(np.single)
    allowed = set(range(0, 100, 7))

    def draws(seed: int) -> list[int]:
        chooser = TokenChooser(temperature=1.0, seed=seed)
        return [chooser.choose(logits, FakeGrammar(allowed)) for _ in range(30)]  # type: ignore[arg-type]

    assert draws(5) == draws(5)
    assert set(draws(5)) <= allowed
    assert len(set(draws(5))) > 1
