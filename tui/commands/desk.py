"""``carrel [PATH ...]``: open the research desk (the Textual app lands with the TUI issue)."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "desk", help="open the research desk (the default when no command is given)"
    )
    parser.add_argument("paths", nargs="*", help="folders to index before opening the desk")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    print(
        "carrel: the full-screen desk is not built yet. It will index the demo corpus "
        "(or the folders you name) and open a question box. Try `carrel doctor`."
    )
    return 0
