"""Carrel's config file (``CarrelHome.config_file``): the model to use and the agent's settings, as flat TOML.

A broken config must never stop Carrel or lose the user's edits: :func:`load_config` returns defaults plus
warnings that name the file and line, and leaves the file exactly as it was. Which keys the file may set, and
how each is checked, comes from ``tui.user_settings`` and the agent's own settings model, so the file accepts
exactly what ``AgentSettings`` accepts. Example::

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

from agent.settings import AgentSettings
from models.factory import SCRIPTED_PREFIX
from tui.user_settings import USER_SETTING_KEYS

_TOML_LINE = re.compile(r"at line (\d+)")
_TOML_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}
MODEL_KEY = "model"


class CarrelConfig(BaseModel):
    """What the config file says: the model, and the agent settings the user wrote there (only those).

    ``settings`` holds values already checked by ``AgentSettings``; keys the file leaves out keep the agent's
    defaults, so a file written by an older Carrel follows a changed default.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    model: str | None = Field(default=None, description="GGUF path or scripted:FILE; unset = bundled")
    settings: dict[str, Any] = Field(default_factory=dict, description="USER_SETTINGS keys the file set")


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
    model = raw.get(MODEL_KEY)
    warnings: list[ConfigWarning] = []
    if model is not None and not isinstance(model, str):
        warnings.append(_warning_at(path, text, MODEL_KEY, "should be a string (a file path)"))
        model = None
    unknown = [key for key in raw if key != MODEL_KEY and key not in USER_SETTING_KEYS]
    warnings += [_warning_at(path, text, key, "unknown setting") for key in unknown]
    wanted = {key: value for key, value in raw.items() if key in USER_SETTING_KEYS}
    settings, problems = checked_settings(wanted)
    warnings += [_warning_at(path, text, key, reason) for key, reason in problems.items()]
    return _with_resolved_model(path, CarrelConfig(model=model, settings=settings)), warnings


def checked_settings(values: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """The values ``AgentSettings`` accepts (as it converts them), and a reason for each key it refuses."""
    try:
        accepted = AgentSettings.model_validate(values)
    except ValidationError as error:
        problems = {str(detail["loc"][0]): detail["msg"] for detail in error.errors() if detail["loc"]}
        kept = {key: value for key, value in values.items() if key not in problems}
        return checked_settings(kept)[0], problems
    return accepted.model_dump(include=set(values)), {}


def _warning_at(path: Path, text: str, key: str, reason: str) -> ConfigWarning:
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
    lines = ["# Carrel configuration; unset keys use the defaults (carrel ask --help names them)"]
    if config.model is not None:
        lines.append(f"{MODEL_KEY} = {_toml_value(config.model)}")
    for key, value in config.settings.items():
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
