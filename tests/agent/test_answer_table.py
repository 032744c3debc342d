"""The answer ranking as one table: every feature weighed, the score its weighted sum's exponential, and ties
kept whatever the rounding; and the bench script that fits such a table learns what separates right from wrong."""

from __future__ import annotations

import math

import numpy as np

from agent.answers import SENTENCE_WEIGHTS, ranked_candidates, sentence_features, sentence_score
from tests.support.bench import bench_module

TERMS = ["pass", "statement", "executed"]
WEIGHTS = {"pass": 3.0, "statement": 1.2, "executed": 1.4}


def test_every_feature_of_a_sentence_has_one_weight_in_the_table() -> None:
    features = sentence_features("What happens when a pass statement is executed?", TERMS, WEIGHTS)

    assert features is not None and set(features) == set(SENTENCE_WEIGHTS)


def test_a_sentence_naming_no_key_word_has_no_features_and_scores_nothing() -> None:
    assert sentence_features("Nothing here is relevant.", TERMS, WEIGHTS) is None
    assert sentence_score("Nothing here is relevant.", TERMS, WEIGHTS) == 0.0


def test_the_score_is_the_exponential_of_the_weighted_features() -> None:
    sentence = "When it is executed, pass does nothing; it is a placeholder."
    features = sentence_features(sentence, TERMS, WEIGHTS)
    assert features is not None

    expected = math.exp(sum(SENTENCE_WEIGHTS[name] * value for name, value in features.items()))
    assert math.isclose(sentence_score(sentence, TERMS, WEIGHTS), expected, rel_tol=1e-11)


def test_sentences_weighed_alike_tie_and_keep_the_order_of_their_sources() -> None:
    """1.5 two ways - one key word and one its title names (1 + 0.5), or five key words in a line of code
    (5 x 0.3) - must not be split by the rounding of logarithms (unrounded, the code scores 1.4999999999999998)."""
    terms = ["kettle", "sencha", "steep", "leaves", "water"]
    sentences = {
        "S1": ["Sencha brews best well below boiling point."],
        "S2": ["steep(kettle, sencha, leaves, water, temperature=80, timeout=120)"],
    }
    context = {"S1": "Kettle notes", "S2": "Tea code"}

    first, second = ranked_candidates(sentences, terms, context_by_label=context)
    assert first.score == second.score == 1.5 and first.label == "S1"


def test_fitting_learns_the_feature_that_marks_the_right_sentence() -> None:
    fitting = bench_module("fit_answer_weights")
    rng = np.random.default_rng(7)
    questions = []
    for _ in range(40):
        features = rng.normal(size=(6, 2))  # column 0 is noise; column 1 marks the right sentence
        answers = np.zeros(6, dtype=int)
        right = int(rng.integers(6))
        answers[right] = 1
        features[right, 1] += 2.0
        questions.append(fitting.Question("synthetic", features, answers))
    prior = np.array([1.0, 0.0])

    fitted = fitting.fit(questions, prior)

    assert fitted[1] > 0.5
    assert fitting.first_right(questions, fitted) > fitting.first_right(questions, prior)
