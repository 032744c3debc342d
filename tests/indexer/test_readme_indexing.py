"""The README's indexing examples are pasted by users: run them against the fixture corpus."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.indexes import write_fixture_corpus
from tui.cli import main

README = Path(__file__).resolve().parents[2] / "README.md"


def section(title: str) -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index(f"## {title}\n")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def test_python_example_runs(tmp_path: Path) -> None:
    corpus = write_fixture_corpus(tmp_path / "notes")
    [code] = re.findall(r"```python\n(.*?)```", section("Indexing and search"), flags=re.DOTALL)
    code = code.replace('Path("~/notes").expanduser()', f"Path({str(corpus)!r})")
    code = code.replace('"/tmp/carrel-index"', repr(str(tmp_path / "index")))
    namespace: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), namespace)
    assert namespace["passage"] is not None


def test_shell_examples_behave_as_described(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    commands = re.findall(
        r"^\.venv/bin/carrel (.*?)(?:\s+#.*)?$", section("Indexing and search"), flags=re.MULTILINE
    )
    assert commands[0].startswith("index ~/notes ~/papers")
    corpus = write_fixture_corpus(tmp_path / "notes")
    assert main(["index", str(corpus), "--json"]) == 0
    assert main(["index", "--rebuild"]) == 0
    assert main(["search", "sourdough hydration", "--limit", "3"]) == 0
    assert "Sourdough starter notes" in capsys.readouterr().out
    assert main(["search", "x", "--index", str(tmp_path / "other-index")]) == 2
    assert "2-200 characters after trimming, got 1" in capsys.readouterr().err
