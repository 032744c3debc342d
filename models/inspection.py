"""What ``carrel doctor`` says about a model, read from the file itself without loading the weights.

Reading the GGUF header and hashing the file takes well under a second, and a damaged file is described
(with the same typed error message loading would give) instead of crashing the report.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from models.chat_template import chat_template_text, describe_template
from models.errors import ModelError
from models.factory import ModelChoice
from models.gguf_header import read_gguf_header, trained_context_length
from models.integrity import check_gguf_file, file_sha256, pin_for
from models.scripted import read_script
from models.settings import DEFAULT_MAX_CONTEXT, ModelSettings

PinStatus = Literal["matches the pin", "DOES NOT MATCH the pin", "no pin: not the bundled file"]


class ModelReport(BaseModel):
    """Facts about the chosen model; ``problem`` holds the error that would stop it from loading."""

    model_config = ConfigDict(frozen=True)

    choice: ModelChoice
    size_bytes: int | None = None
    sha256: str | None = None
    pin_status: PinStatus | None = None
    name: str | None = None
    trained_context: int | None = None
    context_size: int | None = None
    parameter_count: int | None = None
    chat_template: str | None = None
    scripted_replies: int | None = None
    problem: str | None = None


def inspect_model(choice: ModelChoice, settings: ModelSettings | None = None) -> ModelReport:
    """Describe the model a choice points at; never raises for a bad file (the problem is reported)."""
    try:
        if choice.is_scripted:
            return ModelReport(choice=choice, scripted_replies=len(read_script(choice.path)))
        return _inspect_gguf(choice, choice.path, settings or ModelSettings())
    except (ModelError, OSError) as error:
        return ModelReport(choice=choice, problem=str(error))


def _inspect_gguf(choice: ModelChoice, path: Path, settings: ModelSettings) -> ModelReport:
    check_gguf_file(path)
    sha256 = file_sha256(path)
    size = path.stat().st_size
    report = ModelReport(
        choice=choice, size_bytes=size, sha256=sha256, pin_status=_pin_status(path, sha256, size)
    )
    try:
        metadata, parameter_count = read_gguf_header(path)
    except ModelError as error:  # keep the checksum facts: they often explain the damage
        return report.model_copy(update={"problem": str(error)})
    trained = trained_context_length(metadata)
    template, source = chat_template_text(metadata, settings)
    name = metadata.get("general.name")
    return report.model_copy(
        update={
            "name": str(name) if name is not None else None,
            "trained_context": trained,
            "parameter_count": parameter_count,
            "context_size": settings.n_ctx or min(trained or 4096, DEFAULT_MAX_CONTEXT),
            "chat_template": describe_template(template, source) if template else None,
        }
    )


def _pin_status(path: Path, sha256: str, size: int) -> PinStatus:
    pin = pin_for(path)
    if pin is None:
        return "no pin: not the bundled file"
    return "matches the pin" if (pin.sha256, pin.size) == (sha256, size) else "DOES NOT MATCH the pin"
