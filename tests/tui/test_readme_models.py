"""The README's Models section shows examples users will paste: the config file and the scripted-model commands."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from agent.settings import AgentSettings
from tui.config import MODEL_KEY, load_config
from tui.user_settings import USER_SETTING_KEYS
from tui.wiring import resolve_settings

ROOT = Path(__file__).resolve().parents[2]


def models_section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## Models\n")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def code_blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", models_section(), flags=re.DOTALL)


def test_the_config_example_is_valid_and_complete(tmp_path: Path) -> None:
    (example,) = code_blocks("toml")
    path = tmp_path / "config.toml"
    path.write_text(example, encoding="utf-8")
    config, warnings = load_config(path)
    assert warnings == []
    assert config.model == "~/models/my-model.gguf"
    assert resolve_settings(config).agent == AgentSettings()  # the example shows the defaults
    assert {MODEL_KEY, *USER_SETTING_KEYS} == {
        line.split("=")[0].strip() for line in example.splitlines() if "=" in line
    }


def test_the_scripted_model_example_runs(tmp_path: Path, carrel_home: Path) -> None:
    block = next(block for block in code_blocks("sh") if "scripted:" in block)
    script = block.replace("/tmp/replies.jsonl", str(tmp_path / "replies.jsonl"))
    script = script.replace(".venv/bin/carrel", f"{sys.executable} -m tui.cli")
    env = {**os.environ, "CARREL_HOME": str(carrel_home)}
    result = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "scripted replay: 1 replies" in result.stdout
