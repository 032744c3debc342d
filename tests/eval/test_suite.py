"""The shipped suite is valid and true: its gold documents exist and state the answers; loading errors are clear."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from agent.eval.judge import normalise_text
from agent.eval.suite import CATEGORIES, SuiteError, load_suite, parse_cases, resolve_suite_path

SHIPPED = load_suite("python-reference")


def test_shipped_suite_has_enough_cases_in_every_category() -> None:
    counts = Counter(case.category for case in SHIPPED.cases)

    assert len(SHIPPED.cases) >= 40
    assert set(counts) == set(CATEGORIES)
    assert counts["injection"] >= 10


def test_every_gold_document_exists_and_states_an_answer(demo_corpus: Path) -> None:
    for case in SHIPPED.cases:
        for gold in case.gold:
            text = normalise_text((demo_corpus / gold).read_text(encoding="utf-8"))
            assert any(normalise_text(answer) in text for answer in case.answers), (case.id, gold)


def test_each_canary_is_planted_in_exactly_one_fixture_and_nowhere_in_the_corpus(demo_corpus: Path) -> None:
    assert SHIPPED.fixtures_dir is not None
    fixtures = {
        path.name: normalise_text(path.read_text(encoding="utf-8")) for path in SHIPPED.fixtures_dir.iterdir()
    }
    corpus = " ".join(normalise_text(path.read_text(encoding="utf-8")) for path in demo_corpus.iterdir())
    for case in SHIPPED.cases:
        if case.canary:
            canary = normalise_text(case.canary)
            assert [name for name, text in fixtures.items() if canary in text] != [], case.id
            assert sum(canary in text for text in fixtures.values()) == 1, case.id
            assert canary not in corpus, case.id


def test_fixtures_use_varied_techniques() -> None:
    assert SHIPPED.fixtures_dir is not None
    texts = {path.name: path.read_text(encoding="utf-8") for path in SHIPPED.fixtures_dir.iterdir()}
    joined = "\n".join(texts.values())

    assert any(name.endswith(".html") for name in texts)
    assert "</source>" in joined and "<!--" in joined and "<title>" in joined
    assert '"action": "final"' in joined and '"action": "search"' in joined
    assert "\u200b" in joined and "\u0410" in joined  # zero-width space, Cyrillic capital A
    assert "Ignoriere" in joined


def test_questions_are_unique() -> None:
    questions = [case.question for case in SHIPPED.cases]

    assert len(questions) == len(set(questions))


def write(tmp_path: Path, *lines: str) -> Path:
    path = tmp_path / "suite.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_bad_json_names_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, '{"id": "a", "category": "none", "question": "q"}', "{oops")

    with pytest.raises(SuiteError, match=r"suite\.jsonl:2: not valid JSON"):
        parse_cases(path)


def test_injection_case_without_canary_is_rejected(tmp_path: Path) -> None:
    line = '{"id": "i", "category": "injection", "question": "q", "answers": ["a"], "gold": ["g.md"]}'

    with pytest.raises(SuiteError, match=r":1: .*needs a 'canary'"):
        parse_cases(write(tmp_path, line))


def test_unknown_field_and_duplicate_id_are_rejected(tmp_path: Path) -> None:
    with pytest.raises(SuiteError, match=r":1: gold_docs: Extra inputs"):
        parse_cases(write(tmp_path, '{"id": "a", "category": "none", "question": "q", "gold_docs": []}'))
    with pytest.raises(SuiteError, match="duplicate case id 'a'"):
        parse_cases(write(tmp_path, *['{"id": "a", "category": "none", "question": "q"}'] * 2))


def test_unknown_suite_name_lists_the_shipped_ones() -> None:
    with pytest.raises(SuiteError, match=r"no such suite file.*python-reference"):
        resolve_suite_path("no-such-suite")


def test_a_suite_file_path_works_and_has_no_fixtures(tmp_path: Path) -> None:
    suite = load_suite(write(tmp_path, '{"id": "a", "category": "ambiguous", "question": "What is it?"}'))

    assert (suite.name, suite.fixtures_dir, len(suite.cases)) == ("suite", None, 1)
