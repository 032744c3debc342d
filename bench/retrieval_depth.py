"""How deep in BM25's ranking the first answer sits: the room left for dense (embedding) first-stage retrieval.

    .venv/bin/python bench/retrieval_depth.py bench/suites/NAME=/path/to/corpus [more ...] [--work DIR]

Model-free. For every clear case of each suite it searches the question's own words, takes BM25's pool of
POOL_MAX (50) passages, the most the index hands code, and finds the rank of the first passage holding an answer
window (a sentence with its neighbours, as ``bench/reading_ceiling.py`` counts one). Ranks are counted in buckets:
1, 2-3, 4-5, 6-10, 11-20, 21-50 and "beyond" (no answer window in the pool).

Why: a dense retriever (a sentence encoder over every passage of the corpus) finds passages that share none of
the question's words, which BM25 can never rank. Its gain is bounded by the cases BM25 does not reach at all;
the cases it reaches but ranks low are what reordering the pool (decision 0083) or reading more passages can
reach without embedding the whole corpus at index time. The same buckets for the cases whose every expected
answer is at least LONG_ANSWER characters (``long_*``) show whether short answers ("0", "yes") matching by
chance in the wrong passage make BM25 look deeper than it is.

A line per suite, then the total, JSON.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from reading_bench import indexed_plan, suites_parser
from reading_ceiling import passages_hold_answer

from agent.eval.suite import EvalCase
from agent.sources import sentences_of
from indexer.results import query_within_limit
from indexer.search import POOL_MAX, SearchTool, open_search_tool

BUCKETS = ((1, 1), (2, 3), (4, 5), (6, 10), (11, 20), (21, POOL_MAX))
BEYOND = "beyond"
LONG_ANSWER = 8


def bucket_of(rank: int | None) -> str:
    """The bucket name of a 1-based rank (``rank_4_5``), or BEYOND for no answer in the pool."""
    for low, high in BUCKETS:
        if rank is not None and low <= rank <= high:
            return f"rank_{low}_{high}" if low != high else f"rank_{low}"
    return BEYOND


def first_answer_rank(case: EvalCase, tool: SearchTool) -> int | None:
    """The 1-based BM25 rank of the first passage of the pool with an answer window, or None."""
    results = tool.pool(query_within_limit(case.question), POOL_MAX)
    for rank, hit in enumerate(results.items, start=1):
        record = tool.passage(hit.id)
        if record and passages_hold_answer([sentences_of(record.text)], case):
            return rank
    return None


def counted(buckets: Sequence[str], prefix: str = "") -> dict[str, int]:
    """Every bucket's count, zeros included, so lines and totals have the same keys."""
    names = [bucket_of(low) for low, _high in BUCKETS] + [BEYOND]
    return {prefix + name: sum(1 for bucket in buckets if bucket == name) for name in names}


def suite_line(spec: str, work: Path) -> dict[str, Any]:
    plan, _out = indexed_plan(spec, work)
    tool = open_search_tool(plan.index_dir)
    cases = [case for case in plan.suite.cases if case.category == "clear" and case.answers]
    buckets = {case.id: bucket_of(first_answer_rank(case, tool)) for case in cases}
    long_cases = [case for case in cases if min(len(answer) for answer in case.answers) >= LONG_ANSWER]
    return {
        "suite": plan.suite.name,
        "clear": len(cases),
        **counted(list(buckets.values())),
        "long_clear": len(long_cases),
        **counted([buckets[case.id] for case in long_cases], "long_"),
    }


def total_line(lines: Sequence[dict[str, Any]]) -> dict[str, Any]:
    keys = [key for key in lines[0] if key != "suite"] if lines else []
    return {"suite": "total", **{key: sum(line[key] for line in lines) for key in keys}}


def main(argv: list[str] | None = None) -> int:
    args = suites_parser(__doc__).parse_args(argv)
    lines = []
    for spec in args.suites:
        lines.append(suite_line(spec, args.work.resolve()))
        print(json.dumps(lines[-1]), flush=True)
    print(json.dumps(total_line(lines)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
