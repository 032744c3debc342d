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
