"""Choosing and opening a model: ``--model`` beats ``CARREL_MODEL`` beats the config file beats the bundled file.

A spec is either a GGUF path or ``scripted:FILE`` (a JSONL script for ``ScriptedModel``). The CLI, the TUI, the
eval harness and the tests all open models through :func:`open_model`, so they behave the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from models.bundled import BUNDLED_FILENAME, INSTALL_HINT, bundled_model_path
from models.errors import ModelFileMissingError
from models.protocol import ChatModel
from models.scripted import ScriptedModel
from models.settings import ModelSettings

MODEL_ENV = "CARREL_MODEL"
SCRIPTED_PREFIX = "scripted:"

ModelSource = Literal["--model", "CARREL_MODEL", "config", "bundled"]


class ModelChoice(BaseModel):
    """Which model spec is in use and where that choice came from (``carrel doctor`` shows both)."""

    model_config = ConfigDict(frozen=True)

    spec: str
    source: ModelSource

    @property
    def is_scripted(self) -> bool:
        return self.spec.startswith(SCRIPTED_PREFIX)

    @property
    def path(self) -> Path:
        """The GGUF file or the script file the spec points at."""
        raw = self.spec.removeprefix(SCRIPTED_PREFIX)
        return Path(raw).expanduser()

    def describe(self) -> str:
        return f"{self.spec} (from {self.source})"


def resolve_model_spec(
    cli_value: str | None, env: Mapping[str, str], config_value: str | None
) -> ModelChoice:
    """Pick the model spec by precedence; empty values count as unset. Raises if nothing is available."""
    candidates: list[tuple[str | None, ModelSource]] = [
        (cli_value, "--model"),
        (env.get(MODEL_ENV), "CARREL_MODEL"),
        (config_value, "config"),
    ]
    for value, source in candidates:
        if value and value.strip():
            return ModelChoice(spec=value.strip(), source=source)
    bundled = bundled_model_path()
    if bundled is None:
        raise ModelFileMissingError(
            Path(BUNDLED_FILENAME), f"the default model package is not installed; {INSTALL_HINT}"
        )
    return ModelChoice(spec=str(bundled), source="bundled")


def open_model(
    spec: str | ModelChoice,
    *,
    settings: ModelSettings | None = None,
    cache_dir: Path | None = None,
) -> ChatModel:
    """Open a scripted model or load a GGUF file (checked, and verified against the pin when it applies).

    ``cache_dir`` keeps the record of an already verified bundled checksum, so the 98 MB file is hashed once
    per (size, mtime) rather than at every start.
    """
    choice_spec = spec.spec if isinstance(spec, ModelChoice) else spec
    if choice_spec.startswith(SCRIPTED_PREFIX):
        script = Path(choice_spec.removeprefix(SCRIPTED_PREFIX)).expanduser()
        return ScriptedModel.from_jsonl(script)
    from models.llama import LlamaCppModel

    return LlamaCppModel.load(
        Path(choice_spec).expanduser(), settings=settings or ModelSettings(), cache_dir=cache_dir
    )
