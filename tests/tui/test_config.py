"""The config file: defaults when absent, round-trips through save, and a broken file never stops Carrel."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tui.config import CarrelConfig, load_config, save_config


def test_a_missing_file_means_defaults_and_no_warnings(tmp_path: Path) -> None:
    assert load_config(tmp_path / "config.toml") == (CarrelConfig(), [])


def test_values_in_the_file_are_used(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('model = "/models/m.gguf"\nmax_steps = 3\ntime_limit_s = 9.5\n', encoding="utf-8")
    config, warnings = load_config(path)
    assert warnings == []
    assert (config.model, config.settings) == ("/models/m.gguf", {"max_steps": 3, "time_limit_s": 9.5})


def test_malformed_toml_names_file_and_line_uses_defaults_and_keeps_the_file(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    broken = 'model = "/models/m.gguf"\nmax_steps = 3\nmax_searches = = 4\n'
    path.write_text(broken, encoding="utf-8")
    config, warnings = load_config(path)
    assert config == CarrelConfig()
    assert len(warnings) == 1
    assert warnings[0].line == 3
    assert str(warnings[0]).startswith(f"config {path}:3: ")
    assert path.read_text(encoding="utf-8") == broken


def test_a_bad_value_is_reported_on_its_line_and_only_that_key_falls_back(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('max_steps = 4\n\nmax_searches = "many"\nmodle = "typo"\n', encoding="utf-8")
    config, warnings = load_config(path)
    assert config.settings == {"max_steps": 4}
    assert sorted((warning.line, warning.message.split(":")[0]) for warning in warnings) == [
        (3, "max_searches"),
        (4, "modle"),
    ]
    assert "unknown setting" in str(warnings[1]) or "unknown setting" in str(warnings[0])


def test_undecodable_bytes_are_a_warning_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(b'model = "\xff\xfe"\n')
    config, warnings = load_config(path)
    assert config == CarrelConfig()
    assert len(warnings) == 1
    assert path.read_bytes() == b'model = "\xff\xfe"\n'


def test_relative_model_path_is_relative_to_the_config_folder(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('model = "models/m.gguf"\n', encoding="utf-8")
    config, _ = load_config(path)
    assert config.model == str(tmp_path / "models" / "m.gguf")


def test_relative_scripted_spec_is_resolved_too(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('model = "scripted:replies.jsonl"\n', encoding="utf-8")
    config, _ = load_config(path)
    assert config.model == f"scripted:{tmp_path / 'replies.jsonl'}"


def test_save_then_load_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "config.toml"
    config = CarrelConfig(
        model="/m/a b.gguf", settings={"max_steps": 5, "token_budget": 9000, "time_limit_s": 30.0}
    )
    save_config(config, path)
    assert load_config(path) == (config, [])


@given(model=st.text(alphabet=st.characters(exclude_categories=["Cs"])).map(lambda text: "/" + text))
def test_any_absolute_model_path_survives_save_and_load(model: str) -> None:
    # A fresh folder per example: hypothesis runs many examples inside one test call.
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "config.toml"
        save_config(CarrelConfig(model=model), path)
        loaded, warnings = load_config(path)
    assert warnings == []
    assert loaded.model == model
