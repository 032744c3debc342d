"""Index benchmark: Carrel's indexer against a bare Tantivy baseline on the same files.

    .venv/bin/python bench/index_bench.py CORPUS_DIR [--searches 1000] [--repeat 3]

The corpus is copied to a scratch folder first (the one-file-changed step edits a file). Then,
alternating ``--repeat`` times: the bare baseline (walk, read, gunzip, selectolax text for HTML,
one ``add_document`` per file, one commit, single process) and a fresh Carrel index in a child
process (its peak RSS and CPU, workers included, sampled from outside); the best wall time of each
side is compared. Each round also times Tantivy alone: Carrel's own schema and writer fed the documents
Carrel writes for the corpus, extracted beforehand and held in memory, so extraction costs nothing. That
is the floor no extraction work can get under; it is timed with Carrel's writer settings and with a
generous heap and one writer thread per core. When recoll's ``recollindex`` is installed (Debian
``recollcmd``), each round also indexes the same copy with it, the desktop search a user would otherwise
pick: a fresh configuration folder in the scratch folder whose only top directory is the copy, measured
like Carrel (wall, CPU of its whole tree, peak RSS, documents in its database). Two settings differ from
recoll's defaults: its aspell dictionary step is off (it is not search), and it runs at nice 0 like Carrel
(its default, 19, yields every core to other work: on the shared 2-core machine it took 208 s of wall
time for 4 s of CPU). Then a re-run with nothing changed, a re-run after one file changed, and N
searches through the search tool (snippets included) with queries made of words sampled from the
corpus. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import tantivy
from selectolax.lexbor import LexborHTMLParser

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from corpus.documents import SourceFile  # noqa: E402
from corpus.walk import DEFAULT_MAX_BYTES, walk_root  # noqa: E402
from indexer.build import document_id, index_folders  # noqa: E402
from indexer.prepare import PreparedFile, prepare_file  # noqa: E402
from indexer.search import open_search_tool  # noqa: E402
from indexer.store import WRITER_HEAP_BYTES, IndexStore, writer_threads  # noqa: E402
from indexer.text import display_path  # noqa: E402

SEARCH_SEED = 20261202
GENEROUS_HEAP_BYTES = 200_000_000
PAGE_BYTES = os.sysconf("SC_PAGE_SIZE")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def corpus_files(corpus: Path) -> list[SourceFile]:
    return [entry for entry in walk_root(corpus) if isinstance(entry, SourceFile)]


def baseline_text(source: SourceFile) -> str:
    data = source.path.read_bytes()
    if source.compressed:
        data = gzip.decompress(data)
    if source.kind == "html":
        tree = LexborHTMLParser(data.decode("utf-8", "replace"))
        return tree.body.text(separator=" ") if tree.body is not None else ""
    return data.decode("utf-8", "replace")


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def run_baseline(corpus: Path, index_dir: Path) -> tuple[float, float, int]:
    """The bare minimum: one Tantivy document per file, default tokenizer, one commit.
    Returns wall seconds, CPU seconds (all threads) and files indexed."""
    started, started_cpu = time.perf_counter(), cpu_seconds()
    builder = tantivy.SchemaBuilder()
    builder.add_text_field("path", stored=True, tokenizer_name="raw")
    builder.add_text_field("body", stored=True)
    index_dir.mkdir(parents=True)
    index = tantivy.Index(builder.build(), path=str(index_dir))
    writer = index.writer()
    files = 0
    for source in corpus_files(corpus):
        if source.kind == "pdf":
            continue
        writer.add_document(tantivy.Document(path=str(source.path), body=baseline_text(source)))
        files += 1
    writer.commit()
    writer.wait_merging_threads()
    return time.perf_counter() - started, cpu_seconds() - started_cpu, files


def carrel_documents(corpus: Path) -> tuple[list[str], float]:
    """Every Tantivy document (as the JSON line a worker sends) that a Carrel index of ``corpus``
    holds, its passages and file records, extracted in this one process; and the CPU seconds that
    extraction took (the walk excluded)."""
    root_key = display_path(corpus)
    sources = corpus_files(corpus)
    documents: list[str] = []
    started_cpu = cpu_seconds()
    for source in sources:
        outcome = prepare_file(document_id(root_key, source.relative), source, DEFAULT_MAX_BYTES)
        if isinstance(outcome, PreparedFile):
            documents += outcome.json_documents()
    return documents, cpu_seconds() - started_cpu


def run_tantivy_only(
    documents: list[str], index_dir: Path, heap_bytes: int, threads: int
) -> tuple[float, float]:
    """Carrel's Tantivy work alone: its schema and analyzer, every document added, one commit.
    Returns wall and CPU seconds (all threads)."""
    started, started_cpu = time.perf_counter(), cpu_seconds()
    store = IndexStore.open_or_create(index_dir)
    writer = store.index.writer(heap_size=heap_bytes, num_threads=threads)
    for document in documents:
        writer.add_json(document)
    writer.commit()
    writer.wait_merging_threads()
    return time.perf_counter() - started, cpu_seconds() - started_cpu


def tantivy_only_settings() -> dict[str, tuple[int, int]]:
    """Carrel's writer settings, and the most generous ones (fastest when nothing else runs)."""
    return {
        "carrel_settings": (WRITER_HEAP_BYTES, writer_threads()),
        "generous": (GENEROUS_HEAP_BYTES, os.cpu_count() or 1),
    }


# The child runs from ``-c``, not this file: multiprocessing's fork server and every extraction worker
# import the main script again, and this one would load Tantivy, the search tool and the pydantic result
# models into each worker (10 MB apiece) that `carrel index` itself never does. Nor does it import this
# module: its CPU is measured from its start, so it imports what `carrel index` imports and no more
# (bench/index_child.py), not the baseline's parser and the search tool.
BENCH_DIR = Path(__file__).resolve().parent
CHILD_CODE = (
    f"import sys; from pathlib import Path; sys.path[:0] = [{str(BENCH_DIR)!r}, {str(REPO_ROOT)!r}]; "
    "import index_child; index_child.carrel_child(Path(sys.argv[1]), Path(sys.argv[2]))"
)


def run_carrel_child(corpus: Path, index_dir: Path) -> dict[str, Any]:
    """Index in a fresh child process, sampled from here (a sampler thread inside the indexing
    process would take the GIL from it), so its whole tree's peak RSS and CPU are measured alone."""
    command = [sys.executable, "-c", CHILD_CODE, str(corpus), str(index_dir)]
    started_cpu = children_cpu_seconds()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    with TreeSampler(child.pid) as sampler:
        output, _ = child.communicate()
    waited_cpu = children_cpu_seconds() - started_cpu
    if child.returncode != 0:
        raise RuntimeError(f"the Carrel index run failed with exit code {child.returncode}")
    result: dict[str, Any] = json.loads(output.strip().splitlines()[-1])
    result["tree_peak_rss_mb"] = round(sampler.peak_bytes / 2**20, 1)
    workers_cpu = sum(cpu for pid, cpu in sampler.cpu_by_pid.items() if pid != child.pid)
    # The larger of the per-process samples (which miss what a worker spends after its last one) and the CPU of
    # every descendant waited for (which misses a process nobody waits for); see bench/index_ab.py.
    result["cpu_s"] = round(max(result["main_cpu_s"] + workers_cpu, waited_cpu), 2)
    result["extracted_in_workers"] = len(sampler.cpu_by_pid) > 1
    return result


def process_tree(root_pid: int) -> dict[int, float]:
    """A process and all its descendants (extraction workers are children of the multiprocessing
    fork server, so ``RUSAGE_CHILDREN`` would not see them), with the CPU seconds each has used."""
    children: dict[int, list[int]] = {}
    cpu: dict[int, float] = {}
    for stat_file in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat_file.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(stat_file.parent.name)
        children.setdefault(int(fields[1]), []).append(pid)
        cpu[pid] = (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    tree, pending = {}, [root_pid]
    while pending:
        pid = pending.pop()
        pending += children.get(pid, [])
        tree[pid] = cpu.get(pid, 0.0)
    return tree


def rss_bytes(pids: Iterable[int]) -> int:
    total = 0
    for pid in pids:
        try:
            total += int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE_BYTES
        except OSError:
            continue
    return total


class TreeSampler:
    """Samples the whole process tree every 50 ms: peak RSS, and the last CPU time seen per
    process (so workers that exit before the end still count)."""

    def __init__(self, root_pid: int) -> None:
        self.root_pid = root_pid
        self.peak_bytes = 0
        self.cpu_by_pid: dict[int, float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    @property
    def cpu_seconds(self) -> float:
        return sum(self.cpu_by_pid.values())

    def __enter__(self) -> TreeSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.wait(0.05):
            tree = process_tree(self.root_pid)
            # The largest value seen: a sample taken after the root was reaped reads its CPU as 0.
            for pid, cpu in tree.items():
                self.cpu_by_pid[pid] = max(cpu, self.cpu_by_pid.get(pid, 0.0))
            self.peak_bytes = max(self.peak_bytes, rss_bytes(tree))


def children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def recoll_status(config_dir: Path) -> dict[str, str]:
    """recollindex's own summary of its last run (``idxstatus.txt``: ``key = value`` lines)."""
    lines = (config_dir / "idxstatus.txt").read_text(errors="replace").splitlines()
    return {key.strip(): value.strip() for key, _, value in (line.partition("=") for line in lines)}


def run_recoll(corpus: Path, config_dir: Path) -> dict[str, Any]:
    """A fresh recoll index of ``corpus`` alone, in a configuration folder of its own."""
    config_dir.mkdir(parents=True)
    (config_dir / "recoll.conf").write_text(f"topdirs = {corpus}\nnoaspell = 1\nidxniceprio = 0\n")
    started, started_cpu = time.perf_counter(), children_cpu_seconds()
    command = ["recollindex", "-c", str(config_dir), "-z"]
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with TreeSampler(child.pid) as sampler:
        child.wait()
    seconds = time.perf_counter() - started
    if child.returncode != 0:
        raise RuntimeError(f"recollindex failed with exit code {child.returncode}")
    status = recoll_status(config_dir)
    return {
        "seconds": seconds,
        "cpu_s": round(children_cpu_seconds() - started_cpu, 2),
        "peak_rss_mb": round(sampler.peak_bytes / 2**20, 1),
        "documents": int(status.get("dbtotdocs", "0")),
        "files": int(status.get("totfiles", "0")),
    }


def recoll_figures(recolls: list[dict[str, Any]], carrel_s: float, carrel_cpu_s: float) -> dict[str, Any]:
    if not recolls:
        return {"recoll": None}
    best = min(recolls, key=lambda run: float(run["seconds"]))
    return {
        "recoll_index_s": round(best["seconds"], 3),
        "recoll_index_runs_s": [round(run["seconds"], 2) for run in recolls],
        "recoll_cpu_s": best["cpu_s"],
        "recoll_peak_rss_mb": max(run["peak_rss_mb"] for run in recolls),
        "recoll_documents": best["documents"],
        "recoll_speedup_wall": round(best["seconds"] / carrel_s, 1),
        "recoll_speedup_cpu": round(best["cpu_s"] / carrel_cpu_s, 1),
    }


def timed_reindex(corpus: Path, index_dir: Path) -> float:
    started = time.perf_counter()
    index_folders([corpus], index_dir)
    return time.perf_counter() - started


def change_one_file(corpus: Path) -> Path:
    editable = [
        source.path for source in corpus_files(corpus) if source.kind != "pdf" and not source.compressed
    ]
    target = editable[len(editable) // 2]
    with target.open("a", encoding="utf-8") as handle:
        handle.write("\n\nA freshly added paragraph about quasicrystal benchmarking.\n")
    return target


def sample_queries(corpus: Path, count: int) -> list[str]:
    """Two- or three-word queries from words of a seeded sample of the corpus's files."""
    rng = random.Random(SEARCH_SEED)
    files = corpus_files(corpus)
    words: list[str] = []
    for source in rng.sample(files, min(200, len(files))):
        words += [word for word in baseline_text(source).split() if word.isalpha() and 4 <= len(word) <= 14]
    return [" ".join(rng.sample(words, rng.choice((1, 2, 3)))) for _ in range(count)]


def search_latencies_ms(index_dir: Path, queries: list[str]) -> list[float]:
    tool = open_search_tool(index_dir)
    for query in queries[:20]:
        tool.search(query)
    latencies = []
    for query in queries:
        started = time.perf_counter()
        tool.search(query)
        latencies.append((time.perf_counter() - started) * 1000)
    return latencies


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


Builds = tuple[
    list[tuple[float, float, int]],
    list[dict[str, Any]],
    dict[str, list[tuple[float, float]]],
    list[dict[str, Any]],
]


def alternate_builds(copy: Path, scratch: Path, repeat: int, documents: list[str], recoll: bool) -> Builds:
    """Baseline, Carrel and Tantivy-only builds, alternating, each into a fresh index: on a shared
    machine the load changes from minute to minute, so each side's best of ``repeat`` is compared."""
    baselines, carrels, recolls = [], [], []
    tantivy_only: dict[str, list[tuple[float, float]]] = {name: [] for name in tantivy_only_settings()}
    for round_number in range(repeat):
        baselines.append(run_baseline(copy, scratch / f"baseline-index-{round_number}"))
        progress(f"baseline: {baselines[-1][0]:.2f} s wall, {baselines[-1][1]:.2f} s CPU")
        carrel_dir = scratch / "carrel-index"
        shutil.rmtree(carrel_dir, ignore_errors=True)
        carrels.append(run_carrel_child(copy, carrel_dir))
        progress(f"carrel: {carrels[-1]}")
        for name, (heap_bytes, threads) in tantivy_only_settings().items():
            floor_dir = scratch / f"tantivy-only-{name}-{round_number}"
            tantivy_only[name].append(run_tantivy_only(documents, floor_dir, heap_bytes, threads))
            shutil.rmtree(floor_dir)
            progress(
                f"tantivy only ({name}): {tantivy_only[name][-1][0]:.2f} s wall, {tantivy_only[name][-1][1]:.2f} s CPU"
            )
        if recoll:
            recolls.append(run_recoll(copy, scratch / f"recoll-{round_number}"))
            progress(f"recoll: {recolls[-1]}")
    return baselines, carrels, tantivy_only, recolls


def tantivy_only_figures(
    tantivy_only: dict[str, list[tuple[float, float]]], extraction_cpu_s: float, baseline_s: float
) -> dict[str, Any]:
    """Tantivy alone against the baseline, and the CPU floor: the fastest a Carrel index could possibly be on
    this machine with today's extraction - its extraction CPU plus the least CPU Tantivy alone needed, spread
    perfectly over every core, with no walk before it and no commit after it. The index is CPU-bound, so no
    scheduling beats this."""
    runs = [run for each in tantivy_only.values() for run in each]
    fastest_s = min(wall for wall, _ in runs)
    floor_s = (extraction_cpu_s + min(cpu for _, cpu in runs)) / (os.cpu_count() or 1)
    return {
        "tantivy_only_index_s": round(fastest_s, 3),
        "tantivy_only_ratio_to_baseline": round(fastest_s / baseline_s, 3),
        "tantivy_only_runs_s": {
            name: [round(run[0], 2) for run in each] for name, each in tantivy_only.items()
        },
        "tantivy_only_cpu_s": {name: round(min(each)[1], 2) for name, each in tantivy_only.items()},
        "cpu_floor_s": round(floor_s, 3),
        "cpu_floor_ratio_to_baseline": round(floor_s / baseline_s, 3),
    }


def floor_ratios(
    carrel: dict[str, Any], tantivy_only: dict[str, list[tuple[float, float]]], extraction_cpu_s: float
) -> dict[str, float]:
    """Carrel against its CPU floor: in wall time (the target; only meaningful on an otherwise idle machine)
    and in CPU time (the work done beyond extraction and Tantivy - process start, imports, the walk, moving
    documents between processes; it holds whatever else runs)."""
    floor_cpu_s = extraction_cpu_s + min(cpu for each in tantivy_only.values() for _, cpu in each)
    floor_s = floor_cpu_s / (os.cpu_count() or 1)
    return {
        "carrel_ratio_to_cpu_floor": round(carrel["seconds"] / floor_s, 3),
        "carrel_cpu_ratio_to_floor_cpu": round(carrel["cpu_s"] / floor_cpu_s, 3),
    }


def run_benchmark(corpus: Path, searches: int, repeat: int, recoll: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="carrel-bench-") as scratch_name:
        scratch = Path(scratch_name)
        copy = scratch / "corpus"
        shutil.copytree(corpus, copy, symlinks=True)
        documents, extraction_cpu_s = carrel_documents(copy)
        baselines, carrels, tantivy_only, recolls = alternate_builds(copy, scratch, repeat, documents, recoll)
        baseline_s = min(run[0] for run in baselines)
        baseline_cpu_s = min(baselines)[1]
        baseline_files = baselines[0][2]
        carrel = min(carrels, key=lambda run: float(run["seconds"]))
        nochange_s = timed_reindex(copy, scratch / "carrel-index")
        change_one_file(copy)
        onechange_s = timed_reindex(copy, scratch / "carrel-index")
        latencies = search_latencies_ms(scratch / "carrel-index", sample_queries(copy, searches))
    return {
        "corpus": str(corpus),
        "files": baseline_files,
        "documents": carrel["documents"],
        "passages": carrel["passages"],
        "carrel_index_s": round(carrel["seconds"], 3),
        "baseline_index_s": round(baseline_s, 3),
        "ratio_to_baseline": round(carrel["seconds"] / baseline_s, 3),
        "carrel_index_runs_s": [round(run["seconds"], 2) for run in carrels],
        "baseline_index_runs_s": [round(run[0], 2) for run in baselines],
        "carrel_phases_s": carrel["phases_s"],
        **tantivy_only_figures(tantivy_only, extraction_cpu_s, baseline_s),
        **floor_ratios(carrel, tantivy_only, extraction_cpu_s),
        "tantivy_only_documents": len(documents),
        "carrel_extraction_cpu_s": round(extraction_cpu_s, 3),
        "carrel_cpu_s": carrel["cpu_s"],
        "carrel_runs_with_workers": sum(run["extracted_in_workers"] for run in carrels),
        **recoll_figures(recolls, carrel["seconds"], carrel["cpu_s"]),
        "baseline_cpu_s": round(baseline_cpu_s, 2),
        "load_average_1m": round(os.getloadavg()[0], 1),
        "carrel_peak_rss_mb": max(max(run["tree_peak_rss_mb"], run["main_peak_rss_mb"]) for run in carrels),
        "carrel_main_peak_rss_mb": max(run["main_peak_rss_mb"] for run in carrels),
        "reindex_nochange_s": round(nochange_s, 3),
        "reindex_onechange_s": round(onechange_s, 3),
        "searches": len(latencies),
        "search_p50_ms": round(statistics.median(latencies), 3),
        "search_p99_ms": round(percentile(latencies, 0.99), 3),
        "cpus": os.cpu_count(),
    }


def per_format_cost(rounds: int) -> dict[str, dict[str, Any]]:
    """Files/s and MB/s of each reader on the same text written in every format, the plain-text readers beside
    them as the baseline (see bench/format_bench.py)."""
    from bench.format_bench import measure_formats, write_sample_corpus

    with tempfile.TemporaryDirectory() as folder:
        return measure_formats(write_sample_corpus(Path(folder)), rounds)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--searches", type=int, default=1000)
    parser.add_argument(
        "--repeat", type=int, default=3, help="alternating full builds per side (best is kept)"
    )
    parser.add_argument(
        "--no-recoll", action="store_true", help="skip recoll even when recollindex is installed"
    )
    parser.add_argument(
        "--formats",
        action="store_true",
        help="also measure each reader on a sample corpus written in every format (bench/format_bench.py)",
    )
    parser.add_argument("--out", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args()
    recoll = not args.no_recoll and shutil.which("recollindex") is not None
    figures = run_benchmark(args.corpus, args.searches, args.repeat, recoll)
    if args.formats:
        figures["per_format"] = per_format_cost(args.repeat)
    figures["date"] = time.strftime("%Y-%m-%d")
    print(json.dumps(figures))
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
