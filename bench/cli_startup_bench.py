"""Command-line start-up benchmark: how long ``carrel search`` takes, from exec to results, on a warm cache.

One JSON line out. ``search_s`` is the wall time of ``python -m tui.cli search QUERY --index DIR`` over the
fixture corpus; beside it, measured in the same interleaved rounds, ``python_floor_s`` (``python -c pass``:
what no change to Carrel can save) and, with ``--compare SRC``, ``compare_search_s``: the same command run
from another checkout's source tree (e.g. ``git archive OLD | tar -x -C /tmp/old``), so a before/after pair
shares the machine's load. Each figure is the median of ``--rounds`` runs, with the fastest run beside it;
the first round of each is a discarded warm-up (bytecode, page cache). The 1-minute load average is printed
at the start and the end: timings on a shared machine mean little without it.

Usage: ``.venv/bin/python bench/cli_startup_bench.py [--rounds N] [--compare SRC]``
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "fixtures" / "corpus"
QUERY = "sourdough starter"


def timed(command: list[str], env: dict[str, str], cwd: Path) -> float:
    started = time.perf_counter()
    subprocess.run(
        command, env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    return time.perf_counter() - started


def environment(source: Path, home: Path) -> dict[str, str]:
    """Run from ``source`` (ahead of the installed package on sys.path), with a private CARREL_HOME."""
    return {**os.environ, "PYTHONPATH": str(source), "CARREL_HOME": str(home)}


def summary(seconds: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(seconds), 3), "fastest": round(min(seconds), 3)}


def bench(rounds: int, compare: Path | None, work: Path) -> dict[str, Any]:
    index = work / "index"
    env = environment(ROOT, work)
    search = [sys.executable, "-m", "tui.cli", "search", QUERY, "--index", str(index)]
    subprocess.run([sys.executable, "-m", "tui.cli", "index", str(CORPUS), "--index", str(index)], env=env,
                   cwd=work, check=True, capture_output=True)  # fmt: skip
    runs: dict[str, list[float]] = {"python_floor_s": [], "search_s": []}
    if compare is not None:
        runs["compare_search_s"] = []
    load_before = os.getloadavg()[0]
    for round_number in range(rounds + 1):
        figures = {
            "python_floor_s": timed([sys.executable, "-c", "pass"], env, work),
            "search_s": timed(search, env, work),
        }
        if compare is not None:
            figures["compare_search_s"] = timed(search, environment(compare, work), work)
        if round_number > 0:  # round 0 warms bytecode and the page cache
            for name, seconds in figures.items():
                runs[name].append(seconds)
    return {
        "bench": "cli_startup",
        "command": f"carrel search {QUERY!r}",
        "rounds": rounds,
        "cpu_count": os.cpu_count(),
        "load_average_1m_start": round(load_before, 2),
        "load_average_1m_end": round(os.getloadavg()[0], 2),
        **{name: summary(seconds) for name, seconds in runs.items()},
        **({"compare_source": str(compare)} if compare is not None else {}),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--compare", type=Path, help="another source tree to time the same command from")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="carrel-startup-bench-") as temporary:
        result = bench(args.rounds, args.compare.resolve() if args.compare else None, Path(temporary))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
