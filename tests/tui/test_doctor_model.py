"""``carrel doctor``'s model section: which model, chosen how, its sha256 against the pin, context, template."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from models.bundled import BUNDLED_FILENAME, BUNDLED_SHA256, bundled_model_path
from tui.cli import main


def doctor(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["doctor", *args]) == 0
    return capsys.readouterr().out


def write_script(path: Path) -> Path:
    path.write_text(json.dumps('{"action": "answer"}') + "\n" + json.dumps("{}") + "\n", encoding="utf-8")
    return path


def test_bundled_model_by_default_with_pin_context_and_template(capsys: pytest.CaptureFixture[str]) -> None:
    out = doctor(capsys)
    assert "chosen by default: the bundled model" in out
    assert f"sha256 {BUNDLED_SHA256} (matches the pin)" in out
    assert "context 8192 tokens (trained for 8192)" in out
    assert "chat template: chatml (gguf, sha256 " in out


def test_model_flag_wins_and_a_scripted_model_is_described(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARREL_MODEL", "/nowhere/env.gguf")
    script = write_script(tmp_path / "replies.jsonl")
    out = doctor(capsys, "--model", f"scripted:{script}")
    assert "chosen by --model on the command line" in out
    assert "scripted replay: 2 replies" in out


def test_environment_then_config_choose_the_model(
    capsys: pytest.CaptureFixture[str], carrel_home: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    script = write_script(tmp_path / "replies.jsonl")
    (carrel_home / "config.toml").write_text(f'model = "scripted:{script}"\n', encoding="utf-8")
    assert "chosen by 'model' in the config file" in doctor(capsys)
    monkeypatch.setenv("CARREL_MODEL", f"scripted:{script}")
    assert "chosen by the CARREL_MODEL environment variable" in doctor(capsys)


def test_a_malformed_config_is_named_with_its_line_and_the_bundled_model_still_used(
    capsys: pytest.CaptureFixture[str], carrel_home: Path
) -> None:
    config = carrel_home / "config.toml"
    config.write_text("max_steps = 3\nmodel = \n", encoding="utf-8")
    out = doctor(capsys)
    assert f"config:     config {config}:2: " in out
    assert "chosen by default: the bundled model" in out
    assert config.read_text(encoding="utf-8") == "max_steps = 3\nmodel = \n"


def test_a_damaged_copy_of_the_bundled_file_does_not_match_the_pin(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = bundled_model_path()
    assert source is not None
    copy = tmp_path / BUNDLED_FILENAME
    shutil.copyfile(source, copy)
    with copy.open("r+b") as handle:
        handle.seek(1000)
        handle.write(b"\x00\x01\x02")
    assert "DOES NOT MATCH the pin" in doctor(capsys, "--model", str(copy))


def test_a_file_that_is_not_a_model_is_a_problem_not_a_crash(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fake = tmp_path / "notes.gguf"
    fake.write_text("hello", encoding="utf-8")
    out = doctor(capsys, "--model", str(fake))
    assert "PROBLEM: not a GGUF model file" in out
    assert "air-gap:" in out


def test_the_decision_mode_in_force_and_why(
    capsys: pytest.CaptureFixture[str], carrel_home: Path, tmp_path: Path
) -> None:
    assert "decisions:  choices (auto: 134,515,008 parameters, below 1,000,000,000)" in doctor(capsys)
    script = write_script(tmp_path / "replies.jsonl")
    assert "decisions:  free (auto: a scripted model" in doctor(capsys, "--model", f"scripted:{script}")
    (carrel_home / "config.toml").write_text('decisions = "free"\n', encoding="utf-8")
    assert "decisions:  free ('decisions' in the config file)" in doctor(capsys)
