"""``carrel doctor``: what Carrel runs on, which model it would use, and where it keeps its data."""

from __future__ import annotations

import argparse
import hashlib
import platform
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from models.bundled import INSTALL_HINT, bundled_model_path
from tui.airgap import network_guard_active
from tui.home import CarrelHome


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "doctor", help="show versions, the model in use, and where data lives"
    )
    parser.set_defaults(handler=run)


def package_version(distribution: str) -> str:
    try:
        return version(distribution)
    except PackageNotFoundError:
        return "not installed"


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def model_lines() -> list[str]:
    path = bundled_model_path()
    if path is None:
        return [
            "model:      MISSING - the default model package is not installed",
            f"            {INSTALL_HINT}",
        ]
    size_mb = path.stat().st_size / 1_000_000
    return [
        f"model:      {path}",
        f"            {size_mb:.1f} MB, sha256 {file_sha256(path)}",
    ]


def run(args: argparse.Namespace) -> int:
    home = CarrelHome.from_environment()
    lines = [
        f"python:     {platform.python_version()} ({platform.python_implementation()})",
        f"textual:    {package_version('textual')}",
        f"tantivy:    {package_version('tantivy')}",
        f"llama-cpp:  {package_version('llama-cpp-python')}",
        *model_lines(),
        f"data:       {home.root}",
        f"air-gap:    {'active - network connections and DNS lookups are refused' if network_guard_active() else 'INACTIVE'}",
    ]
    print("\n".join(lines))
    return 0
