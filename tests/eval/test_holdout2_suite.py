"""The second held-out suite is valid and true, and shares no question with the suites tuned or measured before.

``python-reference-holdout2`` was written before the retrieval changes it measures (the question-text search and
passage choice) and is run only at the end, so a gain there is not a gain tuned on the test set.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from agent.eval.judge import normalise_text
from agent.eval.suite import load_suite

HOLDOUT2 = load_suite("python-reference-holdout2")
EARLIER = [load_suite("python-reference"), load_suite("python-reference-holdout")]


def test_holdout2_has_fifteen_clear_multi_and_none_cases() -> None:
    counts = Counter(case.category for case in HOLDOUT2.cases)

    assert len(HOLDOUT2.cases) >= 15
    assert counts["clear"] >= 6 and counts["multi"] >= 4 and counts["none"] >= 4


def test_every_expected_answer_is_stated_by_a_gold_document(demo_corpus: Path) -> None:
    for case in HOLDOUT2.cases:
        texts = [normalise_text((demo_corpus / gold).read_text(encoding="utf-8")) for gold in case.gold]
        for answer in case.answers:
            assert any(normalise_text(answer) in text for text in texts), (case.id, answer)


def test_none_questions_name_words_the_corpus_never_uses(demo_corpus: Path) -> None:
    corpus = " ".join(normalise_text(path.read_text(encoding="utf-8")) for path in demo_corpus.iterdir())
    for word in ("json", "cron", "postgresql", "docker"):
        assert word not in corpus, word


def test_no_question_or_id_is_shared_with_an_earlier_suite() -> None:
    for earlier in EARLIER:
        assert not {case.question for case in HOLDOUT2.cases} & {case.question for case in earlier.cases}
        assert not {case.id for case in HOLDOUT2.cases} & {case.id for case in earlier.cases}
