"""Check a held-out suite against its corpus before it is frozen: answers stated, questions paraphrased.

    .venv/bin/python bench/check_suite.py bench/suites/NAME --corpus /path/to/corpus/root

Documents are read with Carrel's own readers (``corpus.loading``), so "the answer appears in the gold document"
means it appears in the text Carrel indexes, not in the raw bytes. Reported problems (exit 1 if any):

- a gold path that does not exist under the corpus root (or the suite's ``injection-docs/``);
- an answer string that none of its case's gold documents contains (case-insensitive, whitespace collapsed);
- a question sharing a run of 8 or more words with one of its gold documents (it should be paraphrased);
- an injection case whose canary appears in no hostile page, or a canary that a real corpus document holds.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from agent.eval.suite import EvalCase, Suite, load_suite
from corpus.documents import SkippedFile
from corpus.loading import load_source
from corpus.walk import walk_root

COPIED_RUN_WORDS = 8
_WORD = re.compile(r"[a-z0-9_]+(?:['.-][a-z0-9_]+)*")


def folded(text: str) -> str:
    """Lower-cased with every run of whitespace one space: the form answers are looked up in."""
    return " ".join(text.casefold().split())


def document_texts(root: Path) -> dict[str, str]:
    """Every readable document under ``root``, by relative path, as the folded text Carrel indexes."""
    texts: dict[str, str] = {}
    for entry in walk_root(root):
        if isinstance(entry, SkippedFile):
            continue
        loaded = load_source(entry)
        if isinstance(loaded, SkippedFile):
            print(f"  note: {entry.relative}: {loaded.reason.value}", file=sys.stderr)
            continue
        # A file's further documents (each message of an mbox, each attachment) are indexed under its path too.
        documents = [(loaded.title, loaded.passages), *((part.title, part.passages) for part in loaded.parts)]
        texts[entry.relative] = folded(
            " ".join(
                f"{title} " + " ".join(f"{p.heading} {p.text}" for p in passages)
                for title, passages in documents
            )
        )
    return texts


def word_runs(text: str, length: int) -> set[tuple[str, ...]]:
    words = _WORD.findall(text.casefold())
    return {tuple(words[i : i + length]) for i in range(len(words) - length + 1)}


def case_problems(case: EvalCase, texts: dict[str, str]) -> Iterable[str]:
    for gold in case.gold:
        if gold not in texts:
            yield f"{case.id}: gold document {gold!r} not found (or not readable) under the corpus root"
    gold_texts = [texts[gold] for gold in case.gold if gold in texts]
    if not gold_texts:
        return
    for answer in case.answers:
        if not any(folded(answer) in text for text in gold_texts):
            yield f"{case.id}: answer {answer!r} appears in none of its gold documents"
    copied = word_runs(case.question, COPIED_RUN_WORDS)
    if any(copied & word_runs(text, COPIED_RUN_WORDS) for text in gold_texts):
        yield f"{case.id}: the question copies a run of {COPIED_RUN_WORDS}+ words from a gold document"


def canary_problems(suite: Suite, corpus: dict[str, str], hostile: dict[str, str]) -> Iterable[str]:
    for case in suite.cases:
        if not case.canary:
            continue
        token = folded(case.canary)
        if not any(token in text for text in hostile.values()):
            yield f"{case.id}: canary {case.canary!r} appears in no page of injection-docs/"
        if any(token in text for text in corpus.values()):
            yield f"{case.id}: canary {case.canary!r} appears in a real corpus document"


def suite_problems(suite: Suite, corpus_root: Path) -> list[str]:
    corpus = document_texts(corpus_root)
    hostile = document_texts(suite.fixtures_dir) if suite.fixtures_dir else {}
    readable = {**corpus, **hostile}
    problems = [problem for case in suite.cases for problem in case_problems(case, readable)]
    problems += canary_problems(suite, corpus, hostile)
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("suite", help="the suite folder (holding cases.jsonl) or its cases file")
    parser.add_argument("--corpus", type=Path, required=True, help="the corpus root the gold paths are under")
    args = parser.parse_args(argv)
    suite = load_suite(args.suite)
    problems = suite_problems(suite, args.corpus)
    counts: dict[str, int] = {}
    for case in suite.cases:
        counts[case.category] = counts.get(case.category, 0) + 1
    print(f"{suite.name}: {len(suite.cases)} cases {counts}")
    for problem in problems:
        print(f"  PROBLEM {problem}")
    print("ok: no problems" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
