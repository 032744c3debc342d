"""The held-out suite is valid and true, and shares no question with the shipped suite it guards against overfitting.

Changes to the agent are tuned on ``python-reference``; ``python-reference-holdout`` is only measured, so a gain
that shows on one suite and not the other is a sign of tuning to the test set.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from agent.eval.judge import normalise_text
from agent.eval.suite import load_suite

HOLDOUT = load_suite("python-reference-holdout")
SHIPPED = load_suite("python-reference")


def test_holdout_has_clear_multi_and_none_cases() -> None:
    counts = Counter(case.category for case in HOLDOUT.cases)

    assert counts["clear"] >= 6 and counts["multi"] >= 4 and counts["none"] >= 4


def test_every_gold_document_exists_and_states_an_answer(demo_corpus: Path) -> None:
    for case in HOLDOUT.cases:
        for gold in case.gold:
            text = normalise_text((demo_corpus / gold).read_text(encoding="utf-8"))
            assert any(normalise_text(answer) in text for answer in case.answers), (case.id, gold)


def test_multi_part_answers_are_each_stated_by_some_gold_document(demo_corpus: Path) -> None:
    for case in HOLDOUT.cases:
        if case.all_required:
            texts = [normalise_text((demo_corpus / gold).read_text(encoding="utf-8")) for gold in case.gold]
            for answer in case.answers:
                assert any(normalise_text(answer) in text for text in texts), (case.id, answer)


def test_none_questions_name_words_the_corpus_never_uses(demo_corpus: Path) -> None:
    corpus = " ".join(normalise_text(path.read_text(encoding="utf-8")) for path in demo_corpus.iterdir())
    for word in ("pandas", "urlopen", "venv", "fahrenheit", "rotate"):
        assert word not in corpus, word


def test_no_question_or_id_is_shared_with_the_shipped_suite() -> None:
    assert not {case.question for case in HOLDOUT.cases} & {case.question for case in SHIPPED.cases}
    assert not {case.id for case in HOLDOUT.cases} & {case.id for case in SHIPPED.cases}
