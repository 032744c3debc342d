"""ScriptedModel: replays text verbatim, records calls, and mimics the real adapter's usage and failures."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from models.errors import (
    ModelError,
    ModelFileMissingError,
    OutputTruncatedError,
    PromptTooLongError,
    ScriptError,
    ScriptExhaustedError,
)
from models.protocol import ChatMessage, ChatModel, Completion, TextPiece
from models.scripted import ScriptedModel, estimate_tokens

SCHEMA = {"type": "object"}
SYSTEM = ChatMessage(role="system", content="You are a careful research assistant.")
QUESTION = ChatMessage(role="user", content="What does the index hold about tides?")


def test_replays_replies_in_order_and_records_each_call() -> None:
    model = ScriptedModel(['{"action": "search"}'])
    model.enqueue(['{"action": "answer"}'])
    first = model.complete([SYSTEM, QUESTION], SCHEMA)
    second = model.complete([SYSTEM], {"type": "string"})
    assert (first.text, second.text) == ('{"action": "search"}', '{"action": "answer"}')
    assert model.history == [[SYSTEM, QUESTION], [SYSTEM]]
    assert model.schemas == [SCHEMA, {"type": "string"}]
    assert model.remaining == 0


def test_satisfies_the_chat_model_protocol() -> None:
    assert isinstance(ScriptedModel(), ChatModel)


def test_replays_invalid_json_verbatim_because_the_agent_must_handle_it() -> None:
    model = ScriptedModel(["{not json"])
    assert model.complete([QUESTION], SCHEMA).text == "{not json"


def test_running_out_of_script_raises_a_typed_model_error() -> None:
    model = ScriptedModel(["only one"])
    model.complete([QUESTION], SCHEMA)
    with pytest.raises(ScriptExhaustedError, match="after 1 call") as caught:
        model.complete([QUESTION], SCHEMA)
    assert isinstance(caught.value, ModelError)


def test_stream_yields_small_pieces_that_join_to_the_text_then_the_completion() -> None:
    reply = '{"action": "search", "query": "tidal range"}'
    items = list(ScriptedModel([reply]).stream([QUESTION], SCHEMA))
    pieces = [item for item in items if isinstance(item, TextPiece)]
    assert len(pieces) > 5
    assert "".join(piece.text for piece in pieces) == reply
    assert isinstance(items[-1], Completion)
    assert items[-1].text == reply


def test_usage_counts_prompt_and_completion_tokens() -> None:
    model = ScriptedModel(["a short reply"])
    completion = model.complete([SYSTEM, QUESTION], SCHEMA)
    assert completion.usage.prompt_tokens == model.count_tokens([SYSTEM, QUESTION])
    assert completion.usage.completion_tokens == len(estimate_tokens("a short reply"))
    assert completion.usage.cached_tokens == 0


def test_cached_tokens_cover_the_previous_prompt_and_reply_when_the_prompt_grows() -> None:
    reply = '{"action": "search"}'
    model = ScriptedModel([reply, "done"])
    first_prompt = [SYSTEM, QUESTION]
    model.complete(first_prompt, SCHEMA)
    grown = [*first_prompt, ChatMessage(role="assistant", content=reply)]
    second = model.complete([*grown, ChatMessage(role="user", content="Observation: 3 hits")], SCHEMA)
    first_prompt_tokens = model.count_tokens(first_prompt)
    assert second.usage.cached_tokens >= first_prompt_tokens
    assert second.usage.cached_tokens < second.usage.prompt_tokens


def test_an_identical_prompt_still_evaluates_one_token_like_llama_cpp() -> None:
    model = ScriptedModel(["x", "y"])
    model.complete([QUESTION], SCHEMA)
    again = model.complete([QUESTION], SCHEMA)
    assert again.usage.cached_tokens == again.usage.prompt_tokens - 1


def test_a_changed_prefix_breaks_the_cache() -> None:
    model = ScriptedModel(["x", "y"])
    model.complete([SYSTEM, QUESTION], SCHEMA)
    other = model.complete([ChatMessage(role="system", content="Different."), QUESTION], SCHEMA)
    assert other.usage.cached_tokens == 1  # only the leading role marker matches


def test_prompt_too_long_is_raised_before_a_reply_is_consumed() -> None:
    model = ScriptedModel(["kept"], context_size=256)
    long_message = ChatMessage(role="user", content="word " * 300)
    with pytest.raises(PromptTooLongError) as caught:
        model.complete([long_message], SCHEMA, max_tokens=16)
    assert caught.value.prompt_tokens > 256
    assert caught.value.context_size == 256
    assert model.remaining == 1


def test_reply_longer_than_max_tokens_is_a_truncation_error_with_the_cut_text() -> None:
    model = ScriptedModel(['{"answer": "' + "tides " * 50 + '"}'])
    with pytest.raises(OutputTruncatedError) as caught:
        model.complete([QUESTION], SCHEMA, max_tokens=10)
    assert len(estimate_tokens(caught.value.raw_text)) == 10
    assert caught.value.usage is not None
    assert caught.value.usage.completion_tokens == 10


def test_from_jsonl_reads_one_json_string_per_line(tmp_path: Path) -> None:
    script = tmp_path / "script.jsonl"
    replies = ['{"action": "search", "query": "moon"}', "plain text\nwith a newline"]
    script.write_text("\n".join(json.dumps(reply) for reply in replies) + "\n\n", encoding="utf-8")
    model = ScriptedModel.from_jsonl(script)
    assert model.model_id == "scripted:script.jsonl"
    assert [model.complete([QUESTION], SCHEMA).text for _ in replies] == replies
    with pytest.raises(ScriptExhaustedError, match=re.escape(str(script))):
        model.complete([QUESTION], SCHEMA)


def test_a_script_line_that_is_not_a_json_string_names_file_and_line(tmp_path: Path) -> None:
    script = tmp_path / "bad.jsonl"
    script.write_text('"fine"\n{"action": "search"}\n', encoding="utf-8")
    with pytest.raises(ScriptError, match=r"bad\.jsonl:2: expected a JSON string"):
        ScriptedModel.from_jsonl(script)


def test_a_script_line_that_is_not_json_names_file_and_line(tmp_path: Path) -> None:
    script = tmp_path / "bad.jsonl"
    script.write_text("not json\n", encoding="utf-8")
    with pytest.raises(ScriptError, match=r"bad\.jsonl:1: not valid JSON"):
        ScriptedModel.from_jsonl(script)


def test_a_missing_script_is_a_missing_file_error(tmp_path: Path) -> None:
    with pytest.raises(ModelFileMissingError, match=r"nowhere\.jsonl"):
        ScriptedModel.from_jsonl(tmp_path / "nowhere.jsonl")
