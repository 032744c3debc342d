"""What ``ask``, ``eval`` and the desk share on the command line: one option per user setting (from one
declaration, ``tui.user_settings``), and the config file read with its warnings on stderr.
"""

from __future__ import annotations

import argparse
import sys
import types
import typing
from typing import Any

from pydantic.fields import FieldInfo

from agent.settings import AgentSettings
from tui.config import CarrelConfig, load_config
from tui.home import CarrelHome
from tui.user_settings import USER_SETTINGS, UserSetting


def add_setting_options(parser: argparse.ArgumentParser) -> None:
    """``--max-steps`` and friends, one per user setting; unset options stay None (the config decides)."""
    group = parser.add_argument_group("settings (override the config file for this run)")
    for setting in USER_SETTINGS:
        field = AgentSettings.model_fields[setting.key]
        group.add_argument(setting.flag, dest=setting.key, default=None, **option_kind(setting, field))


def option_kind(setting: UserSetting, field: FieldInfo) -> dict[str, Any]:
    """How argparse reads the field: a --x/--no-x switch, a choice among literals, or a typed value."""
    help_text = f"{setting.help} (default {field.default!r}; config key {setting.key})"
    annotation = field.annotation
    if annotation is bool:
        return {"action": argparse.BooleanOptionalAction, "help": help_text}
    if typing.get_origin(annotation) is typing.Literal:
        return {"choices": typing.get_args(annotation), "help": help_text}
    if isinstance(annotation, type) and not isinstance(annotation, types.GenericAlias):
        return {"type": annotation, "help": help_text, "metavar": annotation.__name__.upper()}
    raise TypeError(f"no command-line form for {setting.key}: {annotation!r}")


def given_options(args: argparse.Namespace) -> dict[str, Any]:
    """The setting options the command line really gave (an option left out is None, or absent)."""
    given = {setting.key: getattr(args, setting.key, None) for setting in USER_SETTINGS}
    return {key: value for key, value in given.items() if value is not None}


def read_config(home: CarrelHome, command: str) -> CarrelConfig:
    """The config file; each problem in it is one stderr line, and the run goes on with the keys that are fine."""
    config, warnings = load_config(home.config_file)
    for warning in warnings:
        print(f"carrel {command}: {warning}", file=sys.stderr)
    return config
