"""The llama.cpp adapter on real GGUF files: constrained decisions, prefix caching, and typed load failures."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from models.bundled import BUNDLED_FILENAME
from models.errors import (
    ChecksumMismatchError,
    ModelCorruptError,
    ModelFileMissingError,
    NoChatTemplateError,
    NotAGGUFError,
    OutputTruncatedError,
    PromptTooLongError,
)
from models.factory import open_model
from models.grammar import GrammarSampler, schema_to_gbnf
from models.llama import LlamaCppModel
from models.protocol import ChatMessage, ChatModel, Completion, SizedModel, TextPiece
from models.settings import ModelSettings
from tests.models.conftest import bundled_path

pytestmark = pytest.mark.real_model

DECISION_SCHEMA = {
    "type": "object",
    "properties": {
        "action": {"enum": ["search", "answer"]},
        "query": {"type": "string"},
    },
    "required": ["action", "query"],
    "additionalProperties": False,
}
# Tiny models can repeat themselves at temperature 0; a length cap in the schema bounds that.
BOUNDED_SCHEMA = {
    **DECISION_SCHEMA,
    "properties": {"action": {"enum": ["search", "answer"]}, "query": {"type": "string", "maxLength": 40}},
}
QUESTION = [
    ChatMessage(
        role="system",
        content='Decide the next step. Reply as JSON: {"action": "search" or "answer", "query": "..."}',
    ),
    ChatMessage(role="user", content="Why does the Moon cause tides?"),
]


def test_gives_a_schema_valid_decision(real_model: LlamaCppModel) -> None:
    assert isinstance(real_model, ChatModel)
    completion = real_model.complete(QUESTION, DECISION_SCHEMA, max_tokens=64)
    decision = json.loads(completion.text)
    assert decision["action"] in {"search", "answer"}
    assert isinstance(decision["query"], str)
    assert completion.finish_reason == "stop"
    assert completion.usage.prompt_tokens == real_model.count_tokens(QUESTION)
    assert 0 < completion.usage.completion_tokens <= 64


def test_a_loaded_model_knows_its_size_from_the_tensor_table(real_model: LlamaCppModel) -> None:
    assert isinstance(real_model, SizedModel)
    assert real_model.parameter_count is not None
    assert 100_000_000 < real_model.parameter_count < 300_000_000  # SmolLM2-135M, Gemma 3 270M


def test_the_grammar_refuses_a_raw_newline_inside_a_json_string(real_model: LlamaCppModel) -> None:
    """json.loads rejects raw control characters in strings, so the grammar must never let the model write one."""

    def tokens(text: str) -> list[int]:
        return list(real_model._llama.tokenize(text.encode(), add_bos=False, special=False))

    grammar = GrammarSampler(real_model._vocab, schema_to_gbnf(DECISION_SCHEMA), real_model._n_vocab)
    try:
        for token in tokens('{"action": "search", "query": "tides'):
            assert grammar.allows(token)
            grammar.accept(token)
        [newline], [tab], [backslash] = tokens("\n"), tokens("\t"), tokens("\\")
        assert not grammar.allows(newline)
        assert not grammar.allows(tab)
        assert grammar.allows(backslash)
    finally:
        grammar.close()


def test_an_extended_prompt_reuses_the_cached_prefix(real_model: LlamaCppModel) -> None:
    real_model.forget_cache()
    first = real_model.complete(QUESTION, BOUNDED_SCHEMA, max_tokens=64)
    extended = [
        *QUESTION,
        ChatMessage(role="assistant", content=first.text),
        ChatMessage(role="user", content="Observation: [S1] The Moon's gravity raises two bulges of water."),
    ]
    second = real_model.complete(extended, BOUNDED_SCHEMA, max_tokens=64)
    assert first.usage.cached_tokens == 0
    assert second.usage.cached_tokens >= first.usage.prompt_tokens - 2
    assert second.usage.cached_tokens < second.usage.prompt_tokens


def test_warming_up_with_the_system_prompt_spares_the_first_call_evaluating_it(
    real_model: LlamaCppModel,
) -> None:
    real_model.forget_cache()
    warmed = real_model.warm_up([QUESTION[0], ChatMessage(role="user", content="")])
    completion = real_model.complete(QUESTION, BOUNDED_SCHEMA, max_tokens=32)
    assert warmed > 10
    # Only the tail after the system turn differs (the empty user turn and the generation prompt).
    assert warmed - 8 <= completion.usage.cached_tokens < completion.usage.prompt_tokens


def test_threads_stay_within_the_settings_and_are_fixed_when_adapting_is_off(
    real_model: LlamaCppModel,
) -> None:
    real_model.complete(QUESTION, BOUNDED_SCHEMA, max_tokens=16)
    settings = real_model.settings
    assert 1 <= real_model.threads[0] <= settings.n_threads
    assert 1 <= real_model.threads[1] <= settings.n_threads_batch
    fixed = LlamaCppModel.load(bundled_path(), settings=ModelSettings(n_ctx=512, adapt_threads=False))
    try:
        fixed.complete(QUESTION, BOUNDED_SCHEMA, max_tokens=16)
        assert fixed.threads == (fixed.settings.n_threads, fixed.settings.n_threads_batch)
    finally:
        fixed.close()


def test_with_no_core_free_prompts_take_every_thread_and_generation_one(
    real_model: LlamaCppModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    free_cores = real_model._free_cores
    assert free_cores is not None
    monkeypatch.setattr(free_cores, "free", lambda: 0.0)
    real_model.complete(QUESTION, BOUNDED_SCHEMA, max_tokens=16)
    assert real_model.threads == (1, real_model.settings.n_threads_batch)


def test_stream_pieces_join_to_the_completion(real_model: LlamaCppModel) -> None:
    items = list(real_model.stream(QUESTION, DECISION_SCHEMA, max_tokens=64))
    final = items[-1]
    assert isinstance(final, Completion)
    pieces = [item.text for item in items if isinstance(item, TextPiece)]
    assert len(pieces) > 3
    assert "".join(pieces) == final.text


def test_temperature_zero_is_reproducible(real_model: LlamaCppModel) -> None:
    real_model.forget_cache()
    first = real_model.complete(QUESTION, DECISION_SCHEMA, max_tokens=64)
    real_model.forget_cache()
    assert real_model.complete(QUESTION, DECISION_SCHEMA, max_tokens=64).text == first.text


def test_a_prompt_that_cannot_fit_is_refused_before_evaluation(real_model: LlamaCppModel) -> None:
    with pytest.raises(PromptTooLongError) as caught:
        real_model.complete(QUESTION, DECISION_SCHEMA, max_tokens=real_model.context_size)
    assert caught.value.prompt_tokens == real_model.count_tokens(QUESTION)
    assert caught.value.context_size == real_model.context_size


def test_output_cut_by_max_tokens_is_a_truncation_error_with_the_raw_text(
    real_model: LlamaCppModel,
) -> None:
    with pytest.raises(OutputTruncatedError) as caught:
        real_model.complete(QUESTION, DECISION_SCHEMA, max_tokens=3)
    assert caught.value.raw_text.startswith("{")
    assert caught.value.usage is not None
    assert caught.value.usage.completion_tokens == 3


def test_open_model_loads_the_bundled_file_and_verifies_it_once(tmp_path: Path) -> None:
    cache_dir = tmp_path / "cache"
    model = open_model(str(bundled_path()), cache_dir=cache_dir)
    assert isinstance(model, LlamaCppModel)
    assert model.chat_template_name.startswith("chatml")
    assert (cache_dir / "model-checksums.json").is_file()
    model.close()


def test_copy_truncated_to_1_mb_is_corrupt(tmp_path: Path) -> None:
    copy = tmp_path / "smollm2-copy.gguf"  # not the bundled name: no pin applies
    copy.write_bytes(bundled_path().read_bytes()[: 1 << 20])
    with pytest.raises(ModelCorruptError, match=r"smollm2-copy\.gguf") as caught:
        LlamaCppModel.load(copy)
    assert not isinstance(caught.value, ChecksumMismatchError)


def test_copy_cut_inside_the_tensor_data_is_refused_by_llama_cpp_and_its_reason_quoted(
    tmp_path: Path,
) -> None:
    copy = tmp_path / "smollm2-half.gguf"
    data = bundled_path().read_bytes()
    copy.write_bytes(data[: len(data) // 2])  # the header is intact; tensors run past the end
    with pytest.raises(ModelCorruptError, match=r"llama\.cpp refused it: .*not within the file bounds"):
        LlamaCppModel.load(copy)


def test_truncated_copy_with_the_bundled_name_fails_the_pin(tmp_path: Path) -> None:
    copy = tmp_path / BUNDLED_FILENAME
    copy.write_bytes(bundled_path().read_bytes()[: 1 << 20])
    with pytest.raises(ChecksumMismatchError):
        LlamaCppModel.load(copy)


def test_a_single_flipped_byte_is_caught_by_the_pinned_sha256(tmp_path: Path) -> None:
    copy = tmp_path / BUNDLED_FILENAME
    shutil.copyfile(bundled_path(), copy)
    with copy.open("r+b") as handle:
        handle.seek(copy.stat().st_size // 2)
        original = handle.read(1)
        handle.seek(-1, 1)
        handle.write(bytes([original[0] ^ 0xFF]))
    with pytest.raises(ChecksumMismatchError, match="does not match the pinned"):
        LlamaCppModel.load(copy, cache_dir=tmp_path / "cache")


def test_a_file_that_is_not_gguf_is_refused_before_loading(tmp_path: Path) -> None:
    fake = tmp_path / "notes.gguf"
    fake.write_text("these are my notes, not a model\n", encoding="utf-8")
    with pytest.raises(NotAGGUFError, match=r"notes\.gguf"):
        LlamaCppModel.load(fake)


def test_a_missing_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(ModelFileMissingError, match=r"absent\.gguf"):
        LlamaCppModel.load(tmp_path / "absent.gguf")


def test_a_gguf_without_chat_template_is_refused_with_a_hint(gemma_path: Path) -> None:
    with pytest.raises(NoChatTemplateError, match="chat template"):
        LlamaCppModel.load(gemma_path)
