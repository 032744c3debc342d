"""The headless core stays headless: importing it must not load Textual, Rich or llama_cpp."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("textual", "rich", "llama_cpp", "tantivy")


def modules_loaded_by(package: str) -> set[str]:
    script = (
        "import importlib, json, pkgutil, sys\n"
        f"pkg = importlib.import_module({package!r})\n"
        "for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "    importlib.import_module(info.name)\n"
        "print(json.dumps(sorted({name.split('.')[0] for name in sys.modules})))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout))


@pytest.mark.parametrize("package", ["agent", "indexer", "corpus"])
def test_core_package_loads_no_ui_or_model_runtime(package: str) -> None:
    loaded = modules_loaded_by(package)
    assert not loaded & {"textual", "rich", "llama_cpp"}, loaded & set(HEAVY)


def test_models_imports_llama_cpp_lazily() -> None:
    loaded = modules_loaded_by("models")
    assert "llama_cpp" not in loaded
    assert not loaded & {"textual", "rich", "tantivy"}


def modules_loaded_running(*argv: str) -> set[str]:
    """Run ``carrel ARGV`` in a fresh interpreter; the top-level packages it loaded, whatever it exited with."""
    script = (
        "import json, sys\n"
        "from tui.cli import main\n"
        "try:\n"
        f"    main({list(argv)!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(json.dumps(sorted({name.split('.')[0] for name in sys.modules})))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.splitlines()[-1]))


COMMANDS_WITHOUT_THE_DESK = [
    ("search", "sourdough starter", "--index", "/nonexistent/index"),
    ("index", "--index", "/nonexistent/index"),
    ("ask", " ", "--index", "/nonexistent/index"),
    ("eval",),
    ("replay", "/nonexistent/task.jsonl"),
    ("doctor",),
    ("--help",),
    ("ask", "--help"),
]


@pytest.mark.parametrize("argv", COMMANDS_WITHOUT_THE_DESK, ids=lambda argv: " ".join(argv[:2]))
def test_commands_other_than_the_desk_load_no_textual_or_rich(argv: tuple[str, ...]) -> None:
    loaded = modules_loaded_running(*argv)
    assert not loaded & {"textual", "rich"}, loaded & {"textual", "rich"}


def test_search_loads_neither_the_agent_nor_a_model_runtime() -> None:
    """``carrel search`` starts in a fraction of a second: it needs the index's search tool and nothing else."""
    loaded = modules_loaded_running("search", "sourdough starter", "--index", "/nonexistent/index")
    assert not loaded & {"agent", "models", "llama_cpp", "textual", "rich", "jsonschema", "numpy"}
