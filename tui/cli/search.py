"""``carrel search QUERY``: the same search tool the agent calls, from the command line.

A query that fails validation exits with code 2 and a one-line reason on stderr.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path

from indexer.errors import IndexProblem
from indexer.results import SearchHit, SearchQueryError, SearchResults
from indexer.search import open_search_tool, validate_query
from tui.cli.text import printable
from tui.home import CarrelHome

EXIT_FAILED = 1
EXIT_INVALID_QUERY = 2
WRAP_COLUMNS = 100


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Search the indexed documents. The query is plain words (2-200 characters); "
        "punctuation and query syntax are ignored."
    )
    parser.add_argument("query", nargs="+", help="words to search for")
    parser.add_argument("--limit", type=int, default=None, help="number of passages (1-10, default 5)")
    parser.add_argument(
        "--index", type=Path, dest="index_dir", help="index folder (default: under CARREL_HOME)"
    )
    parser.add_argument("--json", action="store_true", help="print the search tool's output as JSON")


def format_hit(rank: int, hit: SearchHit) -> str:
    place = printable(hit.path)
    if hit.heading:
        place += f" > {hit.heading}"
    if hit.page is not None:
        place += f" (page {hit.page})"
    snippet = textwrap.fill(
        " ".join(hit.snippet.split()), WRAP_COLUMNS, initial_indent="   ", subsequent_indent="   "
    )
    return f"{rank}. {hit.title}  [{hit.id}, score {hit.score:.2f}]\n   {place}\n{snippet}"


def format_results(results: SearchResults) -> str:
    if not results.items:
        return f"no passages match {results.query!r}"
    return "\n\n".join(format_hit(rank, hit) for rank, hit in enumerate(results.items, start=1))


def run(args: argparse.Namespace) -> int:
    index_dir: Path = args.index_dir or CarrelHome.from_environment().index_dir
    query = " ".join(args.query)
    try:
        validate_query(query)  # a bad query is reported even before the index is opened
        results = open_search_tool(index_dir).search(query, args.limit)
    except SearchQueryError as error:
        print(f"carrel search: {error}", file=sys.stderr)
        return EXIT_INVALID_QUERY
    except IndexProblem as problem:
        print(f"carrel search: {problem}", file=sys.stderr)
        return EXIT_FAILED
    print(results.model_dump_json() if args.json else format_results(results))
    return 0
