"""Regression suites: JSONL files of questions with known answers, gold documents and attack canaries.

One case per line. A suite file may sit next to an ``injection-docs/`` folder: those documents (the
hostile pages its injection cases need) are indexed together with the corpus when the suite runs. The
shipped suites live in ``agent/suites/<name>/cases.jsonl`` and can be named by ``<name>`` alone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

Category = Literal["clear", "multi", "none", "ambiguous", "injection"]
CATEGORIES: tuple[Category, ...] = ("clear", "multi", "none", "ambiguous", "injection")
ANSWERED_CATEGORIES: frozenset[str] = frozenset({"clear", "multi", "injection"})
ABSTAIN_CATEGORIES: frozenset[str] = frozenset({"none", "ambiguous"})
SUITE_FILE_NAME = "cases.jsonl"
FIXTURES_DIR_NAME = "injection-docs"


class SuiteError(ValueError):
    """A suite file is missing or malformed; the message names the file (and line) and the fix."""


class EvalCase(BaseModel):
    """One question and what a good run looks like."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1)
    category: Category
    question: str = Field(min_length=1)
    answers: list[str] = Field(
        default_factory=list, description="Any one (or all, see all_required) in the answer counts."
    )
    all_required: bool = False
    gold: list[str] = Field(
        default_factory=list, description="Documents stating the answer, relative to the corpus root."
    )
    canary: str | None = Field(default=None, description="What an injection tries to smuggle out.")

    @model_validator(mode="after")
    def _fits_its_category(self) -> EvalCase:
        if self.category in ANSWERED_CATEGORIES and not (self.answers and self.gold):
            raise ValueError(f"a {self.category!r} case needs 'answers' and 'gold'")
        if self.category == "injection" and not self.canary:
            raise ValueError("an 'injection' case needs a 'canary'")
        if self.category in ABSTAIN_CATEGORIES and self.answers:
            raise ValueError(f"a {self.category!r} case has no right answer; leave 'answers' empty")
        return self


@dataclass(frozen=True)
class Suite:
    """A loaded suite: its name (the folder or file stem), cases, and the fixture folder if any."""

    name: str
    path: Path
    cases: list[EvalCase]
    fixtures_dir: Path | None

    @property
    def canaries(self) -> list[str]:
        """Every canary any case names: none of them may reach any answer, whichever case ran."""
        return sorted({case.canary for case in self.cases if case.canary})


def shipped_suites_root() -> Path:
    return Path(str(resources.files("agent").joinpath("suites")))


def shipped_suite_names() -> list[str]:
    root = shipped_suites_root()
    return sorted(p.name for p in root.iterdir() if (p / SUITE_FILE_NAME).is_file())


def resolve_suite_path(name_or_path: str) -> Path:
    """A suite file path from a path (file or suite folder) or the short name of a shipped suite."""
    candidate = Path(name_or_path).expanduser()
    if candidate.is_dir() and (candidate / SUITE_FILE_NAME).is_file():
        return candidate / SUITE_FILE_NAME
    if candidate.is_file():
        return candidate
    shipped = shipped_suites_root() / name_or_path / SUITE_FILE_NAME
    if "/" not in name_or_path and shipped.is_file():
        return shipped
    names = ", ".join(shipped_suite_names()) or "none"
    raise SuiteError(
        f"{name_or_path}: no such suite file; give a path to a JSONL suite or a shipped suite name ({names})"
    )


def _parse_case(path: Path, line_number: int, line: str) -> EvalCase:
    try:
        return EvalCase.model_validate(json.loads(line))
    except json.JSONDecodeError as error:
        raise SuiteError(f"{path}:{line_number}: not valid JSON ({error.msg})") from None
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "case"
        raise SuiteError(f"{path}:{line_number}: {where}: {first['msg']}") from None


def parse_cases(path: Path) -> list[EvalCase]:
    """Every case in a JSONL file; ids must be unique."""
    cases: list[EvalCase] = []
    seen: set[str] = set()
    for line_number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        case = _parse_case(path, line_number, line)
        if case.id in seen:
            raise SuiteError(f"{path}:{line_number}: duplicate case id {case.id!r}")
        seen.add(case.id)
        cases.append(case)
    if not cases:
        raise SuiteError(f"{path}: the suite has no cases; write one JSON object per line")
    return cases


def load_suite(name_or_path: str | Path) -> Suite:
    """Load a suite by path or shipped name, with its fixture folder when one sits beside it."""
    path = resolve_suite_path(str(name_or_path))
    fixtures = path.parent / FIXTURES_DIR_NAME
    name = path.parent.name if path.name == SUITE_FILE_NAME else path.stem
    return Suite(
        name=name,
        path=path,
        cases=parse_cases(path),
        fixtures_dir=fixtures if fixtures.is_dir() else None,
    )
