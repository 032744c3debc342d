"""The ``carrel`` command line: one argparse parser, one module per subcommand under ``tui.commands``.

Every command installs the air-gap guard before doing anything else. ``carrel`` alone opens the desk;
``carrel PATH`` indexes PATH and opens the desk on it.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version

from tui.airgap import install_network_guard

# Each module exposes ``register(subparsers)``, which adds its parser and sets ``handler`` to a
# function taking the parsed namespace and returning the exit code.
COMMAND_MODULES = (
    "tui.commands.ask",
    "tui.commands.desk",
    "tui.commands.doctor",
    "tui.commands.eval",
    "tui.commands.index",
    "tui.commands.replay",
    "tui.commands.search",
)


def carrel_version() -> str:
    try:
        return version("carrel-research")
    except PackageNotFoundError:
        return "0+unknown"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="carrel",
        description="Carrel: an offline research desk. Ask questions of your own documents; "
        "a local model searches them and answers with citations. Never uses the network.",
    )
    parser.add_argument("--version", action="version", version=f"carrel {carrel_version()}")
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
    for module_name in COMMAND_MODULES:
        importlib.import_module(module_name).register(subparsers)
    return parser


def _command_names(parser: argparse.ArgumentParser) -> set[str]:
    names: set[str] = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            names.update(action.choices)
    return names


def _split_desk_invocation(parser: argparse.ArgumentParser, argv: list[str]) -> list[str]:
    """``carrel [PATH ...] [desk options]`` means the desk; rewrite it to the ``desk`` subcommand if present."""
    names = _command_names(parser)
    if "desk" in names and (
        not argv or (argv[0] not in names and argv[0] not in {"-h", "--help", "--version"})
    ):
        return ["desk", *argv]
    return argv


def main(argv: Sequence[str] | None = None) -> int:
    install_network_guard()
    parser = build_parser()
    args_list = _split_desk_invocation(parser, list(sys.argv[1:] if argv is None else argv))
    if not args_list:
        parser.print_help()
        return 0
    args = parser.parse_args(args_list)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    code: int = handler(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
