"""The ``carrel`` command line: one argparse parser, one module per command in this package.

Every command installs the air-gap guard before doing anything else. ``carrel`` alone opens the desk;
``carrel PATH`` indexes PATH and opens the desk on it.

Only the module of the command that runs is imported, so ``carrel search`` loads the index's search and
nothing of the agent or the desk; only ``tui.cli.desk`` reaches Textual, and only when it runs
(tests/test_import_hygiene.py checks both).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, Protocol

from tui.airgap import install_network_guard

DESK = "desk"
HELP_FLAGS = frozenset({"-h", "--help", "--version"})


@dataclass(frozen=True)
class Command:
    """A ``carrel`` command: the line ``carrel --help`` shows, and the module that owns its options and run."""

    name: str
    help: str

    @property
    def module(self) -> str:
        return f"{__name__}.{self.name}"


class CommandModule(Protocol):
    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


COMMANDS = (
    Command("ask", "ask a question; a local model searches your documents and answers with citations"),
    Command(DESK, "open the research desk (the default when no command is given)"),
    Command("doctor", "show versions, the model in use, and where data lives"),
    Command("eval", "run a regression suite through the agent and grade the trajectories"),
    Command("index", "index folders of documents (txt, md, rst, html, pdf, and .gz of each)"),
    Command("replay", "show a recorded task step by step, or re-run it through the current code (--rerun)"),
    Command("search", "search the index (plain words; no query syntax)"),
)
COMMAND_NAMES = frozenset(command.name for command in COMMANDS)


def carrel_version() -> str:
    # Imported here: importlib.metadata costs ~50 ms, a sixth of `carrel search`'s start-up, for one flag.
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("carrel-research")
    except PackageNotFoundError:
        return "0+unknown"


class _VersionAction(argparse.Action):
    """``--version``, looking the version up only when the flag is given."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: Any) -> NoReturn:
        print(f"carrel {carrel_version()}")
        parser.exit()


def command_module(command: Command) -> CommandModule:
    module: CommandModule = importlib.import_module(command.module)
    return module


def build_parser(chosen: str | None = None) -> argparse.ArgumentParser:
    """Every command is listed; only ``chosen`` gets its options and handler (none for ``carrel --help``)."""
    parser = argparse.ArgumentParser(
        prog="carrel",
        description="Carrel: an offline research desk. Ask questions of your own documents; "
        "a local model searches them and answers with citations. Never uses the network.",
    )
    parser.add_argument("--version", action=_VersionAction)
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
    for command in COMMANDS:
        command_parser = subparsers.add_parser(command.name, help=command.help)
        if command.name == chosen:
            module = command_module(command)
            module.add_arguments(command_parser)
            command_parser.set_defaults(handler=module.run)
    return parser


def _with_desk_command(argv: list[str]) -> list[str]:
    """``carrel [PATH ...] [desk options]`` means the desk; rewrite it to the ``desk`` command."""
    if not argv or (argv[0] not in COMMAND_NAMES and argv[0] not in HELP_FLAGS):
        return [DESK, *argv]
    return argv


def main(argv: Sequence[str] | None = None) -> int:
    install_network_guard()
    args_list = _with_desk_command(list(sys.argv[1:] if argv is None else argv))
    chosen = args_list[0] if args_list[0] in COMMAND_NAMES else None
    parser = build_parser(chosen)
    args = parser.parse_args(args_list)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    code: int = handler(args)
    return code
