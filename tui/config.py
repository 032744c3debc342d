"""Carrel's config file (``CarrelHome.config_file``): the model to use and the agent's limits, as flat TOML.

A broken config must never stop Carrel or lose the user's edits: :func:`load_config` returns defaults plus
warnings that name the file and line, and leaves the file exactly as it was. Example::

    # Carrel configuration
    model = "~/models/gemma-3-270m-it-Q4_K_M.gguf"
    max_steps = 6
    max_searches = 3
    token_budget = 12000
    time_limit_s = 300.0
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agent.settings import (
    DEFAULT_MAX_SEARCHES,
    DEFAULT_MAX_STEPS,
    DEFAULT_TIME_LIMIT_S,
    DEFAULT_TOKEN_BUDGET,
)
from models.factory import SCRIPTED_PREFIX

_TOML_LINE = re.compile(r"at line (\d+)")
_TOML_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}


class CarrelConfig(BaseModel):
    """Settings a user may put in the config file; unknown keys are an error, so typos do not pass silently."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    model: str | None = Field(default=None, description="GGUF path or scripted:FILE; unset = bundled")
    # One source of truth for the limits: the agent's own defaults (6 steps, 3 searches, 12,000 tokens).
    max_steps: int = Field(default=DEFAULT_MAX_STEPS, ge=1, le=50)
    max_searches: int = Field(default=DEFAULT_MAX_SEARCHES, ge=0, le=20)
    token_budget: int = Field(default=DEFAULT_TOKEN_BUDGET, ge=256)
    time_limit_s: float = Field(default=DEFAULT_TIME_LIMIT_S, gt=0, allow_inf_nan=False)
    question_search: bool = Field(
        default=True, description="code searches the question text itself before the model's first decision"
    )


class ConfigWarning(BaseModel):
    """A problem found in the config file; ``line`` is 1-based, or None when no single line is to blame."""

    model_config = ConfigDict(frozen=True)

    file: Path
    line: int | None
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else str(self.file)
        return f"config {where}: {self.message}"


def load_config(path: Path) -> tuple[CarrelConfig, list[ConfigWarning]]:
    """Read the config; a missing file means defaults. Bad values fall back to defaults with a warning each."""
    if not path.is_file():
        return CarrelConfig(), []
    try:
        text = path.read_text(encoding="utf-8")
        raw = tomllib.loads(text)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return CarrelConfig(), [_unreadable_warning(path, error)]
    return _validated(path, text, raw)


def _unreadable_warning(path: Path, error: Exception) -> ConfigWarning:
    match = _TOML_LINE.search(str(error))
    line = int(match.group(1)) if match else None
    return ConfigWarning(
        file=path,
        line=line,
        message=f"cannot read it ({error}); using all defaults - the file was left as it is, fix it by hand",
    )


def _validated(path: Path, text: str, raw: dict[str, Any]) -> tuple[CarrelConfig, list[ConfigWarning]]:
    """Validate; each bad key is reported on its own line and dropped, the valid keys still apply."""
    try:
        return _with_resolved_model(path, CarrelConfig.model_validate(raw)), []
    except ValidationError as error:
        bad_keys = {str(detail["loc"][0]) for detail in error.errors() if detail["loc"]}
        warnings = [_key_warning(path, text, detail) for detail in error.errors()]
    kept = {key: value for key, value in raw.items() if key not in bad_keys}
    try:
        config = CarrelConfig.model_validate(kept)
    except ValidationError:
        config = CarrelConfig()
    return _with_resolved_model(path, config), warnings


def _key_warning(path: Path, text: str, detail: Any) -> ConfigWarning:
    key = str(detail["loc"][0]) if detail["loc"] else ""
    reason = "unknown setting" if detail["type"] == "extra_forbidden" else detail["msg"]
    return ConfigWarning(
        file=path,
        line=_line_of_key(text, key),
        message=f"{key}: {reason}; using the default for it (the file was left as it is)",
    )


def _line_of_key(text: str, key: str) -> int | None:
    """Where ``key = ...`` is written; the config is flat, so the first top-level assignment is the one."""
    pattern = re.compile(rf"^\s*[\"']?{re.escape(key)}[\"']?\s*=")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return number
    return None


def _with_resolved_model(path: Path, config: CarrelConfig) -> CarrelConfig:
    """A relative model path in the config means relative to the config file's folder."""
    if config.model is None:
        return config
    prefix = SCRIPTED_PREFIX if config.model.startswith(SCRIPTED_PREFIX) else ""
    target = Path(config.model.removeprefix(prefix)).expanduser()
    if target.is_absolute():
        return config
    return config.model_copy(update={"model": prefix + str(path.parent / target)})


def save_config(config: CarrelConfig, path: Path) -> None:
    """Write the config as flat TOML, atomically (a crash leaves the old file or the new one, never half)."""
    lines = ["# Carrel configuration (see README, 'Models'); unset keys use defaults"]
    for key, value in config.model_dump(exclude_none=True).items():
        lines.append(f"{key} = {_toml_value(value)}")
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text("\n".join(lines) + "\n", encoding="utf-8")
    temporary.replace(path)


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return '"' + "".join(_toml_char(char) for char in value) + '"'
    raise TypeError(f"cannot write {type(value).__name__} to the flat config")


def _toml_char(char: str) -> str:
    if char in _TOML_ESCAPES:
        return _TOML_ESCAPES[char]
    if ord(char) < 0x20 or ord(char) == 0x7F:
        return f"\\u{ord(char):04X}"
    return char
