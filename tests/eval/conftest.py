"""Fixtures shared by the suite checks: the demo corpus the suites' gold documents live in."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus.demo import write_demo_corpus


@pytest.fixture(scope="module")
def demo_corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("demo")
    write_demo_corpus(root)
    return root
