"""The sentence embedder (decision 0081) as every entry point gets it: opened from the installed package into
Carrel's cache, passed to the agent by ``carrel ask``, ``carrel eval`` and the desk, and reported by doctor.

The package is stood in for by the tiny synthetic BERT of ``tests.models.test_embedding`` (real conversion, real
llama.cpp load); the entry-point tests hand the agent a recording embedder and check that a search used it.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import models.embedding
from agent.events import AgentEvent
from agent.settings import AgentSettings
from indexer.build import index_folders
from models.embedding import Embedder, conversion_path
from models.scripted import ScriptedModel
from tests.models.test_embedding import (
    PIECES,
    SPECIALS,
    bert_config,
    bert_tensors,
    safetensors_bytes,
    tokenizer_json,
)
from tests.support.indexes import write_fixture_corpus
from tests.tui.conftest import ANSWER_SCRIPT
from tui.cli import main
from tui.desk.app import make_app
from tui.home import CarrelHome
from tui.wiring import open_embedder

QUESTION = "What is the grey liquid on a sourdough starter?"
RERANK = AgentSettings(rerank_by_meaning=True)  # off by default (decision 0083)


class RecordingEmbedder:
    """Unit vectors for any text, and the texts it was asked to embed."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        self.texts += texts
        return np.full((len(texts), 4), 0.5, dtype=np.float32)


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The embedder's package, as a tiny model zip where the real package keeps all-MiniLM-L6-v2's."""
    archive = tmp_path / "package" / "model.zip"
    archive.parent.mkdir()
    with zipfile.ZipFile(archive, "w") as packed:
        packed.writestr("config.json", json.dumps(bert_config()))
        packed.writestr("tokenizer.json", json.dumps(tokenizer_json()))
        packed.writestr("model.safetensors", safetensors_bytes(bert_tensors(len(SPECIALS) + len(PIECES))))
    monkeypatch.setattr(models.embedding, "embedding_archive_path", lambda: archive)
    return archive


@pytest.fixture
def not_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(models.embedding, "embedding_archive_path", lambda: None)


@pytest.fixture
def home(carrel_home: Path, tmp_path: Path) -> CarrelHome:
    home = CarrelHome(carrel_home).ensure()
    index_folders([write_fixture_corpus(tmp_path / "corpus")], home.index_dir, workers=1)
    return home


@pytest.fixture
def script(tmp_path: Path) -> str:
    path = tmp_path / "script.jsonl"
    path.write_text("".join(json.dumps(reply) + "\n" for reply in ANSWER_SCRIPT), encoding="utf-8")
    return f"scripted:{path}"


# -- opening it ---------------------------------------------------------------------------------------------


def test_the_installed_embedder_is_converted_into_carrels_cache_and_loaded_quietly(
    installed: Path, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    home = CarrelHome(tmp_path / "home")
    warnings: list[str] = []

    embedder = open_embedder(home, RERANK, warnings.append)

    assert isinstance(embedder, Embedder)
    embedder.close()
    assert conversion_path(installed, home.embedder_dir).is_file()
    assert warnings == []
    assert capfd.readouterr().err == "", "llama.cpp's log stays out of the terminal"


def test_no_embedder_when_the_package_is_missing_or_nothing_reads_by_meaning(
    installed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = CarrelHome(tmp_path / "home")
    warnings: list[str] = []

    by_words = AgentSettings(rerank_by_meaning=False, rank_answers_by_meaning=False, answer_min_closeness=0)
    assert open_embedder(home, by_words, warnings.append) is None
    assert not home.embedder_dir.exists(), "turned off, nothing is converted"
    monkeypatch.setattr(models.embedding, "embedding_archive_path", lambda: None)
    assert open_embedder(home, RERANK, warnings.append) is None
    assert warnings == [], "a missing optional package is no error"


def test_a_damaged_conversion_is_named_with_what_to_do_and_the_task_reads_by_words(
    installed: Path, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    home = CarrelHome(tmp_path / "home")
    damaged = conversion_path(installed, home.embedder_dir)
    damaged.parent.mkdir(parents=True)
    damaged.write_bytes(b"GGUF" + b"\0" * 60)
    warnings: list[str] = []

    assert open_embedder(home, RERANK, warnings.append) is None

    assert len(warnings) == 1
    assert str(damaged) in warnings[0]
    assert "delete that file" in warnings[0]
    assert capfd.readouterr().err == ""


# -- every entry point passes it --------------------------------------------------------------------------


def test_ask_reranks_with_the_embedder(
    home: CarrelHome, script: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    recorder = RecordingEmbedder()
    monkeypatch.setattr("tui.cli.ask.open_embedder", lambda *args, **kwargs: recorder)

    assert main(["ask", QUESTION, "--model", script, "--rerank-by-meaning"]) == 0

    assert QUESTION in recorder.texts


def test_eval_runs_its_cases_with_the_embedder(
    script: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    recorder = RecordingEmbedder()
    monkeypatch.setattr("tui.cli.eval.open_embedder", lambda *args, **kwargs: recorder)
    out = tmp_path / "eval-out"

    main(
        [
            "eval",
            "python-reference",
            "--case",
            "none-capital",
            "--model",
            script,
            "--out",
            str(out),
            "--rerank-by-meaning",
        ]
    )

    assert recorder.texts, "the case's search was reranked"


def test_the_desk_built_by_the_command_line_loads_the_embedder_for_its_tasks(
    home: CarrelHome, script: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    recorder = RecordingEmbedder()
    monkeypatch.setattr("tui.desk.models_slot.open_embedder", lambda *args, **kwargs: recorder)
    app = make_app(home, model_spec=script, setting_options={"rerank_by_meaning": True})

    for _event in app.services.run_task(QUESTION, previous=None, should_cancel=lambda: False):
        pass

    assert QUESTION in recorder.texts


def test_the_desk_hands_the_embedder_to_its_tasks_with_the_default_settings(home: CarrelHome) -> None:
    """Reranking is off by default but answer_min_closeness is not: the desk's tasks still need the embedder."""
    recorder = RecordingEmbedder()
    app = make_app(home, model=ScriptedModel(ANSWER_SCRIPT), embedder=recorder)
    handed: list[object] = []
    default_runner = app.services.agent_runner

    def runner(*args: Any, **kwargs: Any) -> Iterator[AgentEvent]:
        handed.append(kwargs["embedder"])
        return default_runner(*args, **kwargs)

    app.services.agent_runner = runner
    settings = app.services.agent_settings()
    assert not settings.rerank_by_meaning and settings.answer_min_closeness > 0

    for _event in app.services.run_task(QUESTION, previous=None, should_cancel=lambda: False):
        pass

    assert handed == [recorder]


def test_the_desk_leaves_the_embedder_out_when_nothing_reads_by_meaning(home: CarrelHome) -> None:
    recorder = RecordingEmbedder()
    app = make_app(
        home,
        model=ScriptedModel(ANSWER_SCRIPT),
        embedder=recorder,
        setting_options={
            "rerank_by_meaning": False,
            "rank_answers_by_meaning": False,
            "answer_min_closeness": 0,
        },
    )

    for _event in app.services.run_task(QUESTION, previous=None, should_cancel=lambda: False):
        pass

    assert recorder.texts == []


# -- doctor -----------------------------------------------------------------------------------------------


def test_doctor_says_where_the_converted_embedder_lives(
    installed: Path, carrel_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["doctor"]) == 0
    out = capsys.readouterr().out

    assert "embedder:   all-MiniLM-L6-v2" in out
    assert f"converted on first use to {carrel_home / 'cache' / 'embedder'}" in out


@pytest.mark.usefixtures("not_installed")
def test_doctor_says_when_the_embedder_is_not_installed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor"]) == 0
    out = capsys.readouterr().out

    assert "embedder:   not installed" in out
    assert "MISSING" not in out, "the embedder is optional"
