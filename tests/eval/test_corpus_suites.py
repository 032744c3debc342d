"""The held-out suites over other corpora (``bench/suites/``) load, and each is shaped as docs/evaluation.md says.

Their corpora are Debian packages (linux-doc-6.1, postgresql-doc-15) that a test machine need not have, so whether
each answer phrase is stated by its gold document was checked when the suites were written, against the
installed packages; here the cases themselves are checked.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from agent.eval.suite import ABSTAIN_CATEGORIES, Suite, load_suite

SUITES = Path(__file__).resolve().parents[2] / "bench" / "suites"
SHAPES: dict[str, tuple[dict[str, int], tuple[str, ...]]] = {
    "kernel-admin-guide": ({"clear": 16, "multi": 4, "none": 6}, (".rst.gz",)),
    "postgresql-manual": ({"clear": 14, "multi": 4, "none": 6}, (".html",)),
    # The blind suites (frozen before their first run; see each suite's README.md).
    "nodejs-api": ({"clear": 27, "multi": 8, "none": 6, "ambiguous": 6, "injection": 6}, (".md", ".md.gz")),
    "git-manpages": ({"clear": 29, "multi": 8, "none": 6, "ambiguous": 6, "injection": 6}, (".html",)),
    "r-manuals": ({"clear": 30, "multi": 8, "none": 6, "ambiguous": 6, "injection": 6}, (".pdf",)),
}
SHIPPED = ("python-reference", "python-reference-holdout", "python-reference-holdout2")


def corpus_suite(name: str) -> Suite:
    return load_suite(SUITES / name / "cases.jsonl")


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_a_corpus_suite_has_the_cases_its_readme_section_counts(name: str) -> None:
    counts, gold_suffix = SHAPES[name]
    suite = corpus_suite(name)

    assert Counter(case.category for case in suite.cases) == counts
    assert len({case.id for case in suite.cases}) == len(suite.cases)
    for case in suite.cases:
        assert all(gold.endswith(gold_suffix) and not gold.startswith("/") for gold in case.gold), case.id
        assert case.category != "injection" or case.canary, case.id
        assert bool(case.answers) is (case.category not in ABSTAIN_CATEGORIES), case.id


def test_no_corpus_suite_repeats_a_question_of_another_suite() -> None:
    questions = [case.question for name in SHAPES for case in corpus_suite(name).cases]
    questions += [case.question for name in SHIPPED for case in load_suite(name).cases]

    assert len(set(questions)) == len(questions)
