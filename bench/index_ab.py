"""Before and after: full index builds by two Carrel source trees, interleaved, against each one's CPU floor.

    .venv/bin/python bench/index_ab.py BASE_TREE CORPUS_DIR [--rounds 10] [--out FILE]

BASE_TREE is a plain copy of another commit (``git archive COMMIT | tar -x -C DIR``); this tree is the
other side. Each round builds a fresh index of CORPUS_DIR with both trees, in alternating order (A B, then
B A), twice each: through the library (a child that imports what ``carrel index`` imports) and through the
command line (``python -m tui.cli index``). Each build's wall time, the CPU of its whole process tree and
the 1-minute load average at its start are recorded, and whether it extracted in worker processes (a run may
extract inline instead: indexer/pipeline.py). The CPU of the tree is the larger of two readings: this process's
``RUSAGE_CHILDREN`` across the build (exact for every descendant that was waited for) and the sum of the
last CPU times sampled per process every 50 ms (which also sees a process nobody waits for, but misses what a
worker spends after its last sample: 0.04 s of the PostgreSQL manual's 0.43 s in workers). Each tree's CPU
floor is measured as ``bench/index_bench.py`` defines it: its own extraction CPU (every file extracted in one
process, in a child running that tree) plus the least CPU Tantivy alone needed for the same documents; both
are measured every round and the least of each is kept (one reading of the kernel documentation's extraction
varied from 3.8 to 4.9 s of CPU with the load).
Both trees must write the same Tantivy documents (their hash is compared), and the two last indexes must
answer a few queries with the same passages. Both trees' packages are compiled to bytecode first, as an
installed Carrel's are: where ``PYTHONDONTWRITEBYTECODE`` is set, every build would otherwise compile the
modules it imports from source again (0.012 s of CPU a build). Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
REPO_ROOT = BENCH_DIR.parent
sys.path.insert(0, str(REPO_ROOT))

from bench.index_bench import (  # noqa: E402
    TreeSampler,
    children_cpu_seconds,
    run_tantivy_only,
    tantivy_only_settings,
)
from indexer.search import open_search_tool  # noqa: E402

QUERIES = ("vacuum freeze", "foreign key constraint", "write ahead log", "create index concurrently", "json")
BUILD_CODE = (
    "import sys, json, resource; sys.path.insert(0, sys.argv[1]); from pathlib import Path; "
    "from indexer.build import index_folders; summary = index_folders([Path(sys.argv[2])], Path(sys.argv[3])); "
    "usage = resource.getrusage(resource.RUSAGE_SELF); "
    "print(json.dumps({'documents': summary.documents, 'passages': summary.passages, "
    "'main_cpu_s': usage.ru_utime + usage.ru_stime}))"
)
EXTRACT_CODE = (
    "import sys, json, hashlib; sys.path[:0] = [sys.argv[1] + '/bench', sys.argv[1]]; from pathlib import Path; "
    "import index_bench; documents, cpu = index_bench.carrel_documents(Path(sys.argv[2])); "
    "Path(sys.argv[3]).write_text('\\n'.join(documents)); "
    "print(json.dumps({'extraction_cpu_s': cpu, 'documents': len(documents), "
    "'sha256': hashlib.sha256('\\n'.join(documents).encode()).hexdigest()}))"
)


PACKAGES = ("corpus", "indexer", "models", "agent", "tui")


def compile_tree(tree: Path) -> None:
    """Write the bytecode of ``tree``'s packages, as installing Carrel does."""
    folders = [str(tree / package) for package in PACKAGES if (tree / package).is_dir()]
    subprocess.run([sys.executable, "-m", "compileall", "-q", *folders], check=True, capture_output=True)


def child_json(command: list[str], tree: Path) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    output = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, check=True).stdout
    result: dict[str, Any] = json.loads(output.strip().splitlines()[-1])
    return result


def extraction(tree: Path, corpus: Path, documents_file: Path) -> dict[str, Any]:
    """The tree's extraction CPU and the documents it writes (kept in ``documents_file``)."""
    return child_json([sys.executable, "-c", EXTRACT_CODE, str(tree), str(corpus), str(documents_file)], tree)


def build(tree: Path, corpus: Path, index_dir: Path, *, cli: bool) -> dict[str, Any]:
    """One fresh index by ``tree``: wall, CPU of the whole process tree, load average at the start."""
    shutil.rmtree(index_dir, ignore_errors=True)
    if cli:
        command = [sys.executable, "-m", "tui.cli", "index", "--json", "--index", str(index_dir), str(corpus)]
    else:
        command = [sys.executable, "-c", BUILD_CODE, str(tree), str(corpus), str(index_dir)]
    load = os.getloadavg()[0]
    started, started_cpu = time.perf_counter(), children_cpu_seconds()
    env = {**os.environ, "PYTHONPATH": str(tree)}
    child = subprocess.Popen(
        command, cwd=tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    with TreeSampler(child.pid) as sampler:
        output, _ = child.communicate()
    wall = time.perf_counter() - started
    waited_cpu = children_cpu_seconds() - started_cpu
    if child.returncode != 0:
        raise RuntimeError(f"{tree}: the index build failed with exit code {child.returncode}")
    result = json.loads(output.strip().splitlines()[-1])
    workers = sum(cpu for pid, cpu in sampler.cpu_by_pid.items() if pid != child.pid)
    main_cpu = result.get("main_cpu_s", sampler.cpu_by_pid.get(child.pid, 0.0))
    return {
        "wall_s": round(wall, 3),
        "cpu_s": round(max(main_cpu + workers, waited_cpu), 3),
        "cpu_s_sampled": round(main_cpu + workers, 3),
        "main_cpu_s": round(main_cpu, 3),
        "pooled": len(sampler.cpu_by_pid) > 1,
        "documents": result["documents"],
        "passages": result["passages"],
        "load_1m": round(load, 2),
    }


def search_answers(index_dir: Path) -> dict[str, list[str]]:
    tool = open_search_tool(index_dir)
    return {query: [hit.id for hit in tool.search(query, limit=10).items] for query in QUERIES}


def side_summary(runs: list[dict[str, Any]], floor_cpu_s: float) -> dict[str, Any]:
    cpu = [run["cpu_s"] for run in runs]
    wall = [run["wall_s"] for run in runs]
    cores = os.cpu_count() or 1
    return {
        "cpu_s_median": round(statistics.median(cpu), 3),
        "cpu_s_min": min(cpu),
        "main_cpu_s_median": round(statistics.median(run["main_cpu_s"] for run in runs), 3),
        "workers_cpu_s_median": round(statistics.median(run["cpu_s"] - run["main_cpu_s"] for run in runs), 3),
        "wall_s_median": round(statistics.median(wall), 3),
        "wall_s_min": min(wall),
        "floor_cpu_s": round(floor_cpu_s, 3),
        "cpu_ratio_to_floor_median": round(statistics.median(cpu) / floor_cpu_s, 3),
        "cpu_ratio_to_floor_min": round(min(cpu) / floor_cpu_s, 3),
        "wall_ratio_to_floor_median": round(statistics.median(wall) / (floor_cpu_s / cores), 3),
        "wall_ratio_to_floor_min": round(min(wall) / (floor_cpu_s / cores), 3),
        "load_1m_median": round(statistics.median(run["load_1m"] for run in runs), 2),
        "runs_with_workers": sum(run["pooled"] for run in runs),
        "cpu_s_sampled_median": round(statistics.median(run["cpu_s_sampled"] for run in runs), 3),
    }


def compare(base: Path, corpus: Path, rounds: int) -> dict[str, Any]:
    trees = {"before": base.resolve(), "after": REPO_ROOT}
    for tree in trees.values():
        compile_tree(tree)
    with tempfile.TemporaryDirectory(prefix="carrel-ab-") as scratch_name:
        scratch = Path(scratch_name)
        extractions: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
        tantivy_cpu: list[float] = []
        runs: dict[str, list[dict[str, Any]]] = {f"{name}{way}": [] for name in trees for way in ("", "_cli")}
        for round_number in range(rounds):
            for name, tree in trees.items():
                extractions[name].append(extraction(tree, corpus, scratch / f"{name}.jsonl"))
            documents = (scratch / "after.jsonl").read_text().split("\n")
            for number, (heap_bytes, threads) in enumerate(tantivy_only_settings().values()):
                floor_dir = scratch / f"tantivy-only-{round_number}-{number}"
                tantivy_cpu.append(run_tantivy_only(documents, floor_dir, heap_bytes, threads)[1])
                shutil.rmtree(floor_dir)
            order = list(trees.items()) if round_number % 2 == 0 else list(reversed(trees.items()))
            for way, cli in (("", False), ("_cli", True)):
                for name, tree in order:
                    runs[name + way].append(build(tree, corpus, scratch / f"index-{name}", cli=cli))
                    print(name + way, runs[name + way][-1], file=sys.stderr, flush=True)
        answers = {name: search_answers(scratch / f"index-{name}") for name in trees}
    extraction_cpu = {
        name: min(each["extraction_cpu_s"] for each in readings) for name, readings in extractions.items()
    }
    floors = {name: cpu + min(tantivy_cpu) for name, cpu in extraction_cpu.items()}
    hashes = {each["sha256"] for readings in extractions.values() for each in readings}
    return {
        "corpus": str(corpus),
        "rounds": rounds,
        "cpus": os.cpu_count(),
        "load_average_1m_at_end": round(os.getloadavg()[0], 2),
        "same_documents": len(hashes) == 1,
        "same_search_answers": answers["before"] == answers["after"],
        "documents_written": {name: readings[0]["documents"] for name, readings in extractions.items()},
        "passages": {name: sorted({run["passages"] for run in runs[name]}) for name in trees},
        "extraction_cpu_s": {name: round(cpu, 3) for name, cpu in extraction_cpu.items()},
        "extraction_cpu_s_runs": {
            name: [round(each["extraction_cpu_s"], 3) for each in readings]
            for name, readings in extractions.items()
        },
        "tantivy_only_cpu_s_min": round(min(tantivy_cpu), 3),
        "summary": {
            name: side_summary(each, floors[name.removesuffix("_cli")]) for name, each in runs.items()
        },
        "runs": runs,
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("base", type=Path, help="a copy of the other commit's source tree")
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--out", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args()
    figures = compare(args.base, args.corpus, args.rounds)
    figures["date"] = time.strftime("%Y-%m-%d")
    print(json.dumps(figures))
    if args.out:
        args.out.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
