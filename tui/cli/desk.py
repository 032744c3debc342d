"""``carrel [PATH ...]``: open the research desk; with PATHs, index them (incrementally) first. The desk
(Textual) is imported only here, when this command runs."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tui.cli.options import add_setting_options, given_options
from tui.config import load_config
from tui.home import CarrelHome
from tui.wiring import SettingsError, resolve_settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", type=Path, help="folders to index before opening the desk")
    parser.add_argument("--model", help="GGUF model file or scripted:FILE (default: config, then bundled)")
    add_setting_options(parser)


def run(args: argparse.Namespace) -> int:
    from tui.desk.app import make_app

    missing = [path for path in args.paths if not Path(path).expanduser().is_dir()]
    if missing:
        names = ", ".join(str(path) for path in missing)
        print(f"carrel: not a folder: {names}; give folders of documents to index")
        return 2
    home = CarrelHome.from_environment().ensure()
    options = given_options(args)
    try:
        resolve_settings(load_config(home.config_file)[0], options)  # a bad option stops here, not mid-task
    except SettingsError as error:
        print(f"carrel: {error}", file=sys.stderr)
        return 2
    app = make_app(
        home,
        model_spec=args.model,
        setting_options=options,
        index_paths=[Path(p).expanduser().resolve() for p in args.paths],
    )
    app.run()
    return 0
