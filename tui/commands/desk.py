"""``carrel [PATH ...]``: open the research desk; with PATHs, index them (incrementally) first."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tui.home import CarrelHome


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "desk", help="open the research desk (the default when no command is given)"
    )
    parser.add_argument("paths", nargs="*", type=Path, help="folders to index before opening the desk")
    parser.add_argument("--model", help="GGUF model file or scripted:FILE (default: config, then bundled)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from tui.app import make_app

    missing = [path for path in args.paths if not Path(path).expanduser().is_dir()]
    if missing:
        names = ", ".join(str(path) for path in missing)
        print(f"carrel: not a folder: {names}; give folders of documents to index")
        return 2
    home = CarrelHome.from_environment().ensure()
    app = make_app(
        home, model_spec=args.model, index_paths=[Path(p).expanduser().resolve() for p in args.paths]
    )
    app.run()
    return 0
