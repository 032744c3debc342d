"""The README and docs/ are pasted by users: their code blocks run, their commands exist, their links resolve.

Every fenced block of README.md and docs/**/*.md is checked by its language:

- ``sh``: each ``carrel`` invocation is parsed by Carrel's own argparse parser, so every documented command and
  option exists; ``make`` targets exist in the Makefile and repository paths exist. A line whose comment says
  ``# exit N`` (optionally followed by a quoted message) is run for real in a temporary CARREL_HOME and must exit
  N, printing that message.
- ``python``: executed in a temporary CARREL_HOME and working directory (blocks build their own small corpora).
- ``toml``: loaded by Carrel's config loader without a single warning.
- ``json``: parses; a suite case is validated as one.

Blocks in any other language (``text`` diagrams) are prose.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.rglob("*.md"))]
README_MAX_LINES = 200

# Where the command line's parser and the config loader may live; the first module that has the name wins.
PARSER_MODULES = ("tui.cli", "tui.cli.main", "tui.cli.parser", "tui.cli.app")
CONFIG_MODULES = ("tui.config", "tui.settings", "tui.cli.config", "agent.config", "agent.settings")
SHELL_STOPS = {"|", "||", "&&", ";", ">", ">>", "<", "2>", "2>&1", "&"}
REPO_PATH = re.compile(r"^(?:\./)?(?:bench|scripts|tests|tools|docs|agent|indexer|models|corpus|tui)/")
HELP_FLAGS = {"-h", "--help", "--version"}
EXIT_COMMENT = re.compile(r"#\s*exit (\d+)(?::\s*\"([^\"]+)\")?")


@dataclass(frozen=True)
class Block:
    """One fenced code block: where it is, its language and its text."""

    page: Path
    line: int
    language: str
    text: str

    def __str__(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line} ({self.language})"


def fenced_blocks(page: Path) -> Iterator[Block]:
    lines = page.read_text(encoding="utf-8").splitlines()
    start: int | None = None
    language = ""
    for number, line in enumerate(lines, start=1):
        if start is None and line.startswith("```"):
            start, language = number, line[3:].strip()
        elif start is not None and line.startswith("```"):
            yield Block(page, start, language, "\n".join(lines[start : number - 1]) + "\n")
            start = None


def blocks_of(language: str) -> list[Block]:
    return [block for page in PAGES for block in fenced_blocks(page) if block.language == language]


def block_ids(blocks: list[Block]) -> list[str]:
    return [str(block) for block in blocks]


def find_attribute(modules: tuple[str, ...], name: str) -> Any:
    """``name`` from the first of ``modules`` that defines it: the wiring of the app may move things."""
    for module_name in modules:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        if hasattr(module, name):
            return getattr(module, name)
    pytest.fail(f"none of {', '.join(modules)} defines {name}; update tests/test_docs.py")


# -- shell blocks ---------------------------------------------------------------------------------------------


def shell_lines(text: str) -> Iterator[str]:
    """Logical lines: backslash continuations joined, blank lines and whole-line comments dropped."""
    joined = re.sub(r"\\\n\s*", " ", text)
    for line in joined.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            yield line


def command_words(line: str) -> list[str]:
    """The first command of a line, without leading ``VAR=value`` assignments and from the first pipe or
    redirection on."""
    words = shlex.split(line, comments=True)
    while words and re.match(r"^[A-Z_][A-Z0-9_]*=", words[0]):
        words.pop(0)
    for index, word in enumerate(words):
        if word in SHELL_STOPS:
            return words[:index]
    return words


class CarrelParsers:
    """Carrel's own argparse parser, for one command at a time: ``build_parser`` may build every command's
    options at once, or (``build_parser(chosen)``) only the options of the command that runs."""

    def __init__(self) -> None:
        self.build: Callable[..., argparse.ArgumentParser] = find_attribute(PARSER_MODULES, "build_parser")
        self.per_command = bool(inspect.signature(self.build).parameters)
        self.names = set(subcommands(self.build()))

    def for_command(self, name: str | None) -> argparse.ArgumentParser:
        return self.build(name) if self.per_command else self.build()

    def command_parser(self, name: str) -> argparse.ArgumentParser:
        return subcommands(self.for_command(name))[name]

    def parse(self, args: list[str]) -> None:
        """Parse as ``carrel`` does: arguments that do not start with a command mean the desk."""
        if "desk" in self.names and (not args or (args[0] not in self.names and args[0] not in HELP_FLAGS)):
            args = ["desk", *args]
        parser = self.for_command(args[0] if args[0] in self.names else None)
        try:
            parser.parse_args(args)
        except SystemExit as stop:
            assert stop.code == 0, f"carrel {shlex.join(args)}: argparse refused it"


@pytest.fixture(scope="module")
def carrel_parsers() -> CarrelParsers:
    return CarrelParsers()


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def check_other_command(words: list[str]) -> None:
    """``make`` targets exist; repository paths named anywhere on the line exist."""
    if words[0] == "make" and len(words) > 1:
        target = words[1]
        makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
        assert re.search(rf"^{re.escape(target)}:", makefile, flags=re.MULTILINE), f"no make target {target}"
    for word in words:
        path = word.partition("=")[0]  # SUITE=CORPUS pairs name a repository path on the left
        if REPO_PATH.match(path):
            assert (ROOT / path).exists(), f"{path} does not exist in the repository"


@pytest.mark.parametrize("block", blocks_of("sh"), ids=block_ids(blocks_of("sh")))
def test_shell_block_commands_exist(block: Block, carrel_parsers: CarrelParsers) -> None:
    for line in shell_lines(block.text):
        words = command_words(line)
        if not words:
            continue
        if Path(words[0]).name == "carrel":
            carrel_parsers.parse(words[1:])
        else:
            check_other_command(words)


def exit_examples() -> list[tuple[Block, str, int, str | None]]:
    examples = []
    for block in blocks_of("sh"):
        for line in shell_lines(block.text):
            match = EXIT_COMMENT.search(line)
            if match and Path(command_words(line)[0]).name == "carrel":
                examples.append((block, line, int(match.group(1)), match.group(2)))
    return examples


@pytest.mark.parametrize(
    ("block", "line", "code", "message"),
    exit_examples(),
    ids=[f"{block}: {line.split('#')[0].strip()}" for block, line, _, _ in exit_examples()],
)
def test_documented_exit_codes(
    block: Block, line: str, code: int, message: str | None, tmp_path: Path
) -> None:
    words = command_words(line)
    carrel = Path(sys.executable).with_name("carrel")
    result = subprocess.run(
        [str(carrel), *words[1:]],
        cwd=tmp_path,
        env=dict(os.environ),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == code, f"{block}: {line}\n{result.stderr}"
    if message is not None:
        assert message in result.stdout + result.stderr


def test_the_scripted_model_example_runs(tmp_path: Path) -> None:
    """docs/models-and-config.md shows a scripted model that doctor recognises; run it as written."""
    [block] = [b for b in blocks_of("sh") if b.page.name == "models-and-config.md" and "scripted:" in b.text]
    script = block.text.replace("/tmp/replies.jsonl", str(tmp_path / "replies.jsonl"))
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    result = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "scripted replay: 1 replies" in result.stdout


def test_every_command_and_option_is_in_the_command_line_page(carrel_parsers: CarrelParsers) -> None:
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    for name in sorted(carrel_parsers.names):
        assert f"carrel {name}" in page, f"docs/cli.md does not describe carrel {name}"
        for action in carrel_parsers.command_parser(name)._actions:
            for option in action.option_strings:
                if option.startswith("--") and option != "--help":
                    assert option in page, f"docs/cli.md does not mention carrel {name} {option}"


# -- python, toml and json blocks -----------------------------------------------------------------------------


@pytest.mark.parametrize("block", blocks_of("python"), ids=block_ids(blocks_of("python")))
def test_python_block_runs(
    block: Block, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    namespace: dict[str, object] = {"__name__": "__docs__"}
    exec(compile(block.text, str(block), "exec"), namespace)
    assert capsys.readouterr().out, f"{block} prints nothing to show the reader"


@pytest.mark.parametrize("block", blocks_of("toml"), ids=block_ids(blocks_of("toml")))
def test_toml_block_is_a_valid_config(block: Block, tmp_path: Path) -> None:
    load_config = find_attribute(CONFIG_MODULES, "load_config")
    path = tmp_path / "config.toml"
    path.write_text(block.text, encoding="utf-8")
    _config, warnings = load_config(path)
    assert warnings == [], f"{block}: {warnings}"


def config_keys(config: Any) -> set[str]:
    """The keys a config file may hold: the declared user settings plus the model, or the config's own fields."""
    try:
        declared = importlib.import_module("tui.user_settings").USER_SETTING_KEYS
    except ImportError:
        return set(type(config).model_fields)
    return {"model", *declared}


def test_the_config_example_shows_every_key_with_its_default(tmp_path: Path) -> None:
    """docs/models-and-config.md says its example holds every key, each at the agent's default (the model aside)."""
    from agent.settings import AgentSettings

    [block] = [b for b in blocks_of("toml") if b.page.name == "models-and-config.md"]
    load_config = find_attribute(CONFIG_MODULES, "load_config")
    example = tmp_path / "example.toml"
    example.write_text(block.text, encoding="utf-8")
    config, _warnings = load_config(example)
    written = tomllib.loads(block.text)
    assert set(written) == config_keys(config)
    for key, value in written.items():
        if key != "model":
            assert value == AgentSettings.model_fields[key].default, f"{key} = {value!r} is not the default"


@pytest.mark.parametrize("block", blocks_of("json"), ids=block_ids(blocks_of("json")))
def test_json_block_parses(block: Block) -> None:
    from agent.eval.suite import EvalCase

    try:
        values = [json.loads(block.text)]
    except json.JSONDecodeError:  # JSONL: one value a line
        values = [json.loads(line) for line in block.text.splitlines() if line.strip()]
    for value in values:
        if isinstance(value, dict) and {"id", "category", "question"} <= value.keys():
            EvalCase.model_validate(value)  # a suite case, as `carrel eval` reads it


@pytest.mark.parametrize(
    "path", sorted((ROOT / "bench" / "results").glob("*.json")), ids=lambda path: path.name
)
def test_benchmark_results_are_dated(path: Path) -> None:
    """Each run is kept as JSON named by its date, and says how loaded the machine was."""
    result = json.loads(path.read_text(encoding="utf-8"))
    assert re.match(r"^\d{4}-\d{2}-\d{2}-", path.name), "name it YYYY-MM-DD-what.json"
    assert isinstance(result, dict) and any("load" in key for key in result), "record the machine's load"
    if "date" in result:
        assert path.name.startswith(result["date"][:10])


# -- links and size -------------------------------------------------------------------------------------------

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def heading_anchors(page: Path) -> set[str]:
    """GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces as hyphens."""
    anchors = set()
    for block_line in page.read_text(encoding="utf-8").splitlines():
        if block_line.startswith("#"):
            title = block_line.lstrip("#").strip().lower()
            anchors.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return anchors


def relative_links(page: Path) -> Iterator[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    for target in LINK.findall(text):
        if not re.match(r"^[a-z]+:", target):
            yield target


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_relative_links_resolve(page: Path) -> None:
    for target in relative_links(page):
        path_part, _, anchor = target.partition("#")
        linked = (page.parent / path_part).resolve() if path_part else page
        assert linked.exists(), f"{page.relative_to(ROOT)} links to {target}, which does not exist"
        if anchor and linked.suffix == ".md":
            assert anchor in heading_anchors(linked), (
                f"{page.relative_to(ROOT)}: no heading #{anchor} in {path_part}"
            )


def test_readme_is_a_front_door() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, f"README.md has {len(lines)} lines; depth belongs in docs/"


def linked_pages(page: Path) -> Iterator[Path]:
    for target in relative_links(page):
        linked = (page.parent / target.partition("#")[0]).resolve()
        if linked.is_dir():
            linked = linked / "README.md"
        if linked.suffix == ".md" and linked.exists():
            yield linked


def test_every_docs_page_is_reachable_from_the_readme() -> None:
    """A page no link leads to is lost: every page of docs/ is reached by following links from README.md."""
    reached, todo = {README.resolve()}, [README.resolve()]
    while todo:
        for linked in linked_pages(todo.pop()):
            if linked not in reached:
                reached.add(linked)
                todo.append(linked)
    for page in sorted(DOCS.glob("*.md")):
        assert page.resolve() in reached, f"no link from README.md leads to docs/{page.name}"
