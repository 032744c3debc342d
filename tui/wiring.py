"""One wiring for every way Carrel runs a task: ``carrel ask``, ``carrel eval`` and the desk.

Settings come from one path - the agent's defaults, then the config file's keys, then the command line's
options - and a run is recorded with one :class:`RunContext` builder, so the three entry points cannot
disagree about what a task was allowed or which model file it ran on. The settings a user may choose are
declared once, in ``tui.user_settings``; the command line turns them into options.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from agent.settings import AgentSettings
from agent.trajectory import RunContext
from models.errors import ModelError
from models.factory import ModelChoice, resolve_model_spec
from models.integrity import file_sha256, pin_for
from tui.config import CarrelConfig
from tui.home import CarrelHome
from tui.user_settings import USER_SETTINGS

if TYPE_CHECKING:
    from models.embedding import Embedder


class SettingsError(ValueError):
    """A command-line option the agent's settings refuse; the message names the option (a usage error)."""


@dataclass(frozen=True)
class ResolvedSettings:
    """The settings a task runs with, and where each value that differs from the agent's default came from
    (``config``, or the command-line option)."""

    agent: AgentSettings
    origins: dict[str, str]

    def origin_line(self) -> str:
        """'max_steps=4 (config), question_search=False (--no-question-search)', or the defaults' note."""
        chosen = [f"{key}={getattr(self.agent, key)} ({origin})" for key, origin in self.origins.items()]
        return ", ".join(chosen) or "the agent's defaults"


# -- resolving ----------------------------------------------------------------------------------------------


def resolve_settings(config: CarrelConfig, options: Mapping[str, Any] | None = None) -> ResolvedSettings:
    """Defaults, then the config file's keys, then command-line ``options`` (already without the unset ones).

    The config's values were checked when it was read, so a refusal here names a command-line option.
    """
    given = dict(options or {})
    try:
        agent = AgentSettings.model_validate({**config.settings, **given})
    except ValidationError as error:
        raise SettingsError(_option_problems(error)) from None
    origins = dict.fromkeys(config.settings, "config") | {key: _flag_of(key, given[key]) for key in given}
    defaults = AgentSettings()
    changed = {
        key: origin for key, origin in origins.items() if getattr(agent, key) != getattr(defaults, key)
    }
    return ResolvedSettings(agent=agent, origins=changed)


def _flag_of(key: str, value: object) -> str:
    flag = next(setting.flag for setting in USER_SETTINGS if setting.key == key)
    return flag.replace("--", "--no-", 1) if value is False else flag


def _option_problems(error: ValidationError) -> str:
    problems = []
    for detail in error.errors():
        key = str(detail["loc"][0]) if detail["loc"] else ""
        problems.append(f"--{key.replace('_', '-')}: {detail['msg']}")
    return "; ".join(problems)


def model_choice(config: CarrelConfig, option: str | None) -> ModelChoice:
    """Which model runs: ``--model``, then ``CARREL_MODEL``, then the config's ``model``, then the bundled one.

    Raises ``ModelError`` when none of them names a model (the bundled one is not installed).
    """
    return resolve_model_spec(option, os.environ, config.model)


def open_embedder(home: CarrelHome, settings: AgentSettings, warn: Callable[[str], None]) -> Embedder | None:
    """The sentence embedder a task reads by meaning with (decisions 0081, 0085, 0116), or None: none of
    ``rerank_by_meaning``, ``rank_answers_by_meaning`` and ``answer_min_closeness`` asks for it, its package is
    not installed, or it cannot be loaded - then ``warn`` gets one line saying why and what to do, and the task
    reads by words alone, as without the package.

    Its GGUF conversion lives in ``home.embedder_dir``, made on first use.
    """
    if not settings.reads_by_meaning:
        return None
    # Imported here: numpy and llama.cpp's bindings only for the commands that run a task.
    from models.embedding import open_installed_embedder

    try:
        return open_installed_embedder(home.embedder_dir)
    except (ModelError, OSError) as error:
        warn(f"{error}; searching by words only for now")
        return None


# -- recording ----------------------------------------------------------------------------------------------


def model_sha256(choice: ModelChoice | None) -> str | None:
    """The pinned digest of the bundled model (already verified at load), or a script's own digest."""
    if choice is None:
        return None
    if choice.is_scripted:
        return file_sha256(choice.path) if choice.path.is_file() else None
    pin = pin_for(choice.path)
    return pin.sha256 if pin else None


def run_context(
    *,
    model_id: str,
    choice: ModelChoice | None,
    prompt_version: str,
    index_path: str,
    document_count: int | None,
    settings: AgentSettings,
) -> RunContext:
    """What every trajectory header records about a run, built the same way for ask and the desk."""
    return RunContext(
        model_id=model_id,
        model_sha256=model_sha256(choice),
        prompt_version=prompt_version,
        index_path=index_path,
        document_count=document_count,
        settings=settings,
    )
