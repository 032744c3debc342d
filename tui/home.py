"""Where Carrel keeps its data: ``CARREL_HOME`` if set, else the platform's user data directory."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

HOME_ENV = "CARREL_HOME"


@dataclass(frozen=True)
class CarrelHome:
    """All of Carrel's on-disk locations, derived from one root so tests can point it at a temp dir."""

    root: Path

    @classmethod
    def from_environment(cls) -> CarrelHome:
        override = os.environ.get(HOME_ENV)
        root = Path(override).expanduser() if override else Path(platformdirs.user_data_dir("carrel"))
        return cls(root=root)

    @property
    def index_dir(self) -> Path:
        return self.root / "index"

    @property
    def trajectories_dir(self) -> Path:
        return self.root / "trajectories"

    @property
    def config_file(self) -> Path:
        return self.root / "config.toml"

    @property
    def demo_corpus_dir(self) -> Path:
        return self.root / "demo-corpus"

    @property
    def cache_dir(self) -> Path:
        return self.root / "cache"

    @property
    def embedder_dir(self) -> Path:
        """The sentence embedder's GGUF, converted from its package on first use (rebuilt if deleted)."""
        return self.cache_dir / "embedder"

    def ensure(self) -> CarrelHome:
        self.root.mkdir(parents=True, exist_ok=True)
        return self
