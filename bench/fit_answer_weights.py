"""Fit the answer ranking's table of weights (``agent.answers.SENTENCE_WEIGHTS``) on evaluation suites, and say how
well a table fitted without each suite ranks that suite's answers.

    .venv/bin/python bench/fit_answer_weights.py bench/suites/NAME=/path/to/corpus [more ...] [--work DIR]

For every clear and injection case it searches the question's own words, reads the top 10 passages in the
agent's reading order, and scores every sentence that mentions a key word by ``agent.answers.sentence_features``
(plus its passage's log relevance). A sentence is a right answer when its answer window (it and its neighbours,
``agent.sources.window_at``) holds an expected answer. The fit is one softmax per question over its sentences - the chance the ranking puts a right
one first - with an L2 pull towards the table in force (``PRIOR``), by plain gradient
descent (numpy only). Printed: per suite, how many questions had a right sentence and how many each table ranks
first when fitted on the other suites (leave one suite out); then the table fitted on all suites, to paste.
Never fit on a blind suite that later judges the table: pass only suites already seen.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from reading_bench import indexed_plan, suites_parser
from reading_ceiling import window_holds_answer

from agent import answers
from agent.eval.suite import EvalCase
from agent.evidence import mentioned_terms, rarity_weights
from agent.question import QuestionShape
from agent.sources import SourceLedger, sentences_of, window_at
from indexer.results import query_within_limit
from indexer.search import SearchTool, open_search_tool

DEPTH = 10
RELEVANCE = "passage relevance"
# The fit is pulled towards the table in force, relevance counted as the agent counts it.
PRIOR = {**answers.SENTENCE_WEIGHTS, RELEVANCE: answers.PASSAGE_RELEVANCE}
PULL = 1.0
STEPS = 3000
STEP_SIZE = 0.1


@dataclass
class Question:
    """One case's candidate sentences: a feature row each, and whether each answers."""

    suite: str
    features: np.ndarray
    answers: np.ndarray


def feature_names() -> list[str]:
    probe = answers.sentence_features("a b", ["a"]) or {}
    return [*probe, RELEVANCE]


def question_rows(case: EvalCase, tool: SearchTool, names: list[str]) -> tuple[list[list[float]], list[int]]:
    shape = QuestionShape.read(case.question)
    terms = list(shape.terms)
    weights = rarity_weights(terms, tool.passage_share)
    results = tool.search(query_within_limit(case.question), DEPTH)
    ledger = SourceLedger(320, reader=tool, weights=weights, shape=shape)
    rows: list[list[float]] = []
    labels: list[int] = []
    for hit in ledger.in_reading_order(results, terms).items:
        record = tool.passage(hit.id)
        if record is None:
            continue
        sentences = sentences_of(record.text)
        context = frozenset(mentioned_terms(f"{hit.title} {hit.heading}", terms))
        for index, sentence in enumerate(sentences):
            supplied = shape.supplied_by(window_at(sentences, index))
            features = answers.sentence_features(sentence, terms, weights, context, supplied=supplied)
            if features is None:
                continue
            features[RELEVANCE] = math.log(max(ledger.passage_relevance(hit.id), 1e-6))
            rows.append([features[name] for name in names])
            labels.append(int(window_holds_answer(sentences, sentence, case)))
    return rows, labels


def suite_questions(spec: str, work: Path, names: list[str]) -> list[Question]:
    plan, _out = indexed_plan(spec, work)
    tool = open_search_tool(plan.index_dir)
    questions = []
    for case in plan.suite.cases:
        if case.category in ("clear", "injection") and case.answers:
            rows, labels = question_rows(case, tool, names)
            if rows:
                questions.append(Question(plan.suite.name, np.array(rows), np.array(labels)))
    return questions


def first_right(questions: list[Question], weights: np.ndarray) -> int:
    """Questions whose best-scored sentence answers (ties go to reading order, as in the agent)."""
    return sum(int(q.answers[int(np.argmax(q.features @ weights))]) for q in questions)


def fit(questions: list[Question], prior: np.ndarray) -> np.ndarray:
    answerable = [q for q in questions if q.answers.any()]
    weights = prior.copy()
    for _ in range(STEPS):
        gradient = 2 * PULL * (weights - prior)
        for q in answerable:
            scores = q.features @ weights
            chance = np.exp(scores - scores.max())
            chance /= chance.sum()
            right = chance * q.answers
            gradient -= (right / right.sum() - chance) @ q.features
        weights -= STEP_SIZE * gradient / len(answerable)
    return weights


def main(argv: list[str] | None = None) -> int:
    parser = suites_parser(__doc__)
    args = parser.parse_args(argv)
    names = feature_names()
    prior = np.array([PRIOR.get(name, 0.0) for name in names])
    questions = [q for spec in args.suites for q in suite_questions(spec, args.work.resolve(), names)]
    suites = sorted({q.suite for q in questions})
    totals = np.zeros(3, dtype=int)
    print(f"{'suite':24} {'with an answer':>14} {'in force first':>14} {'fitted first':>12}")
    for suite in suites:
        held_out = [q for q in questions if q.suite == suite]
        fitted = fit([q for q in questions if q.suite != suite], prior)
        line = np.array(
            [
                sum(int(q.answers.any()) for q in held_out),
                first_right(held_out, prior),
                first_right(held_out, fitted),
            ]
        )
        totals += line
        print(f"{suite:24} {line[0]:>14} {line[1]:>14} {line[2]:>12}", flush=True)
    print(f"{'total (left out)':24} {totals[0]:>14} {totals[1]:>14} {totals[2]:>12}")
    table = fit(questions, prior)
    print(
        f"fitted on all {len(suites)} suites: {first_right(questions, table)} first, in force {first_right(questions, prior)}"
    )
    for name, weight in zip(names, table, strict=True):
        print(f'    "{name}": {weight:.2f},')
    return 0


if __name__ == "__main__":
    sys.exit(main())
