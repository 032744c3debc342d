"""The reliability report: the long versions of the crash, fuzz, odd-file, network and injection proofs.

    .venv/bin/python bench/reliability.py                 # everything (about 10-15 minutes on 2 cores)
    .venv/bin/python bench/reliability.py --kills 30 --fuzz-examples 20000 --skip injection

Prints ONE JSON line: injection cases tried and attack success rate (the eval suite's injection cases, real
model), odd files tried and handled (+ files read outside the root, peak memory), kills survived out of tried
(``carrel index`` and ``carrel ask``), fuzz examples run and failures (+ p99 search latency), and network attempts
observed under strace. Each section runs in its own child process, so a crash (a segfault in a native library)
is reported as that section's failure instead of ending the report. Everything goes through Carrel's CLI and
public APIs; the harnesses are the ones the CI tests use (``tests/reliability``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # run as a script: make the test harnesses importable
    sys.path.insert(0, str(REPO))

from corpus.documents import SkipReason  # noqa: E402
from tests.reliability.cli import carrel  # noqa: E402
from tests.reliability.crash import IndexKillScenario, reap_process_group  # noqa: E402
from tests.reliability.network_trace import strace_path  # noqa: E402

Section = Callable[[argparse.Namespace, Path], dict[str, Any]]
QUESTION = "When does the else clause of a while loop run?"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


# --- kill -9 of carrel index --------------------------------------------------------------------------------


def kills_section(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    """``args.kills`` kills, one in each equal slice of the whole run (start-up to commit), of a real run."""
    scenario = IndexKillScenario(workdir, args.kill_files, args.seed)
    span = scenario.full_run_seconds()
    rng = random.Random(args.seed)
    width = span / args.kills
    outcomes = [scenario.kill_once(width * (slot + rng.random())) for slot in range(args.kills)]
    killed = [outcome for outcome in outcomes if outcome.killed]
    return {
        "kills_tried": len(killed),
        "kills_survived": sum(outcome.survived for outcome in killed),
        "kills_left_previous_commit": sum(outcome.state == "previous" for outcome in killed),
        "kills_left_new_commit": sum(outcome.state == "new" for outcome in killed),
        "stray_processes_after_kills": sum(outcome.orphans for outcome in killed),
        "kill_problems": sorted({problem for outcome in killed for problem in outcome.problems}),
        "kill_corpus_files": len(scenario.state_b.files),
        "index_run_s": round(span, 2),
    }


# --- search fuzzing ------------------------------------------------------------------------------------------


def hostile_queries() -> list[str]:
    """Fixed cases the issue names: empty, 10k characters, Tantivy syntax, 100,000-deep parentheses."""
    deep = "(" * 100_000 + "lantern" + ")" * 100_000
    return [
        "",
        "   ",
        "x" * 10_000,
        "lantern " * 1_250,
        deep,
        deep[:150],
        'title:"keeper" AND (wick OR NOT dusk)^3 ~2 *',
        "[a TO z] +lantern -gull field:value \\",
        "\x00\x01\x02 lantern",
        "\ud800 lone surrogate lantern",
        "\u202e\u200b\ufeff lantern",
    ]


def fuzz_section(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from indexer.build import index_folders
    from indexer.results import SearchQueryError
    from indexer.search import open_search_tool
    from tests.reliability.crash import write_corpus

    write_corpus(workdir / "corpus", 200, random.Random(args.seed))
    index_folders([workdir / "corpus"], workdir / "index")
    tool = open_search_tool(workdir / "index")
    latencies: list[float] = []
    answered: list[float] = []
    failures: list[str] = []

    def attempt(query: str, limit: int | None = None) -> None:
        started = time.perf_counter()
        try:
            tool.search(query, limit)
            answered.append(time.perf_counter() - started)
        except SearchQueryError:
            pass
        except Exception as error:  # the property under test: nothing else may escape
            failures.append(f"{type(error).__name__}: {str(error)[:160]}")
        latencies.append(time.perf_counter() - started)

    syntax = st.sampled_from(
        ["AND", "OR", "NOT", "(", ")", '"', ":", "*", "^2", "~1", "+", "-", "\\", "[", "]"]
    )
    word = st.sampled_from(["lantern", "keeper", "wick", "title", "body", "x"])
    queries = st.one_of(
        st.text(max_size=300),
        st.lists(st.one_of(syntax, word), max_size=60).map(" ".join),
        st.tuples(st.characters(), st.integers(1, 10_000)).map(lambda pair: pair[0] * pair[1]),
        st.integers(1, 100_000).map(lambda depth: "(" * depth + "wick" + ")" * depth),
    )

    @settings(
        max_examples=args.fuzz_examples, database=None, deadline=None, suppress_health_check=list(HealthCheck)
    )
    @given(queries, st.one_of(st.none(), st.integers(-(10**6), 10**6)))
    def fuzz(query: str, limit: int | None) -> None:
        attempt(query, limit)

    for query in hostile_queries():
        attempt(query)
    fuzz()
    return {
        "fuzz_examples": len(latencies),
        "fuzz_failures": len(failures),
        "fuzz_failure_kinds": sorted(set(failures))[:10],
        "search_p50_ms": round(1000 * percentile(latencies, 0.50), 3),
        "search_p99_ms": round(1000 * percentile(latencies, 0.99), 3),
        "fuzz_queries_answered": len(answered),
        "search_answered_p99_ms": round(1000 * percentile(answered, 0.99), 3),
    }


# --- odd files -----------------------------------------------------------------------------------------------


# The packaged and structured formats (Office, e-books, notebooks, mail, PDF): their odd files are also
# counted on their own, since each reader has its own ways to fail.
DOCUMENT_SUFFIXES = (".pdf", ".docx", ".odt", ".pptx", ".epub", ".ipynb", ".eml", ".mbox")


def odd_outcome(path: Path, expected: SkipReason | None, summary: dict[str, Any], indexed: set[str]) -> str:
    """The reason the run reported for this entry, ``indexed``, or ``LOST`` if it was neither.

    Unsupported types and hidden folders are only counted by reason (not listed one by one), by design."""
    shown = os.fsencode(path).decode("utf-8", "backslashreplace")
    for problem in summary.get("skipped_files", []) + summary.get("failed", []):
        if problem["path"] == shown:
            return str(problem["reason"])
    if shown in indexed:
        return "indexed"
    if expected is not None and summary.get("skipped", {}).get(expected.value):
        return f"{expected.value} (counted)"
    return "LOST"


def odd_files_section(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    """The indexer's odd corpus (its expected outcome per entry), plus a link to a folder outside the root."""
    from tests.reliability.file_trace import reads_outside, traced_index
    from tests.support.odd_files import make_odd_corpus, restore_permissions

    odd = make_odd_corpus(workdir)
    (odd.root / "outside-folder").symlink_to(odd.outside)
    expected = {**odd.expected, "outside-folder": SkipReason.OUTSIDE_ROOT}
    (workdir / "empty").mkdir()
    baseline = traced_index(workdir / "empty", workdir / "baseline-index", workdir / "baseline.trace")
    run = traced_index(odd.root, workdir / "index", workdir / "odd.trace")
    restore_permissions(odd)
    if run.exit_code != 0:
        return {"odd_files_tried": len(expected), "odd_files_handled": 0, "odd_run_error": run.stderr[-500:]}
    indexed = indexed_paths(workdir / "index")
    outcomes = {
        name: odd_outcome(odd.root / name, reason, run.summary, indexed) for name, reason in expected.items()
    }
    wanted = {name: "indexed" if reason is None else reason.value for name, reason in expected.items()}
    handled = {name for name in expected if outcomes[name].startswith(wanted[name])}
    documents = [name for name in expected if name.lower().endswith(DOCUMENT_SUFFIXES)]
    outside = reads_outside(run, baseline, [odd.outside, Path("/etc")])
    return {
        "odd_files_tried": len(expected),
        "odd_files_handled": len(handled),
        "odd_documents_tried": len(documents),
        "odd_documents_handled": len(handled.intersection(documents)),
        "odd_outcome_counts": dict(sorted(Counter(wanted[name] for name in handled).items())),
        "odd_file_outcomes": {printable(name): outcome for name, outcome in outcomes.items()},
        "files_read_outside_root": len(outside),
        "outside_reads": outside[:10],
        "odd_run_peak_rss_mb": round(run.peak_rss_kib / 1024, 1),
        "odd_run_network_attempts": len(run.network_attempts),
        "running_as_root": os.geteuid() == 0,
    }


def indexed_paths(index_dir: Path) -> set[str]:
    """The paths (as the index shows them) of every document in the index, read through the search tool."""
    from indexer.search import open_search_tool
    from indexer.store import IndexStore

    tool = open_search_tool(index_dir)
    passages = (tool.document_passages(doc_id) for doc_id in IndexStore.open(index_dir).manifest())
    return {records[0].path for records in passages if records}


def printable(name: str) -> str:
    return os.fsencode(name).decode("utf-8", "backslashreplace").replace("\n", "\\n")


# --- network, kill -9 of carrel ask, injection (real model) ------------------------------------------------


def small_corpus(workdir: Path) -> Path:
    from corpus.demo import write_demo_corpus

    corpus = workdir / "demo"
    write_demo_corpus(corpus)
    return corpus


def network_section(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    """``carrel index`` of the demo corpus and one ``carrel ask`` with the real model, under strace."""
    from tests.reliability.network_trace import run_traced

    corpus = small_corpus(workdir)
    indexed, index_calls = run_traced(carrel("index", str(corpus)), workdir / "index.trace")
    asked, ask_calls = run_traced(carrel("ask", QUESTION), workdir / "ask.trace")
    return {
        "network_attempts": len(index_calls) + len(ask_calls),
        "network_attempt_lines": [call.line for call in index_calls + ask_calls][:10],
        "traced_exit_codes": [indexed.returncode, asked.returncode],
    }


def trajectory_problems(path: Path) -> list[str]:
    """Every newline-terminated line is JSON and the loader accepts the file (a cut last line is allowed)."""
    from agent.trajectory import load_trajectory

    raw = path.read_bytes()
    complete = raw.split(b"\n")[:-1]
    problems = []
    for number, line in enumerate(complete, start=1):
        try:
            json.loads(line)
        except ValueError:
            problems.append(f"{path.name} line {number} is not JSON")
    try:
        load_trajectory(path)
    except Exception as error:
        problems.append(f"{path.name}: {error}")
    return problems


def new_trajectories(directory: Path, known: set[Path]) -> list[Path]:
    return [path for path in directory.rglob("*.jsonl") if path not in known]


def lines_written(paths: list[Path]) -> int:
    """Complete lines in the task's trajectory so far; -1 while it has not been created."""
    return paths[0].read_bytes().count(b"\n") if paths else -1


def kill_ask_after(lines: int, extra_s: float, trajectories: Path) -> tuple[bool, list[Path]]:
    """Start ``carrel ask``; once its trajectory has ``lines`` complete lines (-1: at once), wait ``extra_s``
    and SIGKILL it. Model speed varies too much on a shared machine for wall-clock moments to land mid-task."""
    known = set(trajectories.rglob("*.jsonl"))
    process = subprocess.Popen(
        carrel("ask", QUESTION),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    while process.poll() is None and lines_written(new_trajectories(trajectories, known)) < lines:
        time.sleep(0.02)
    time.sleep(extra_s)
    if process.poll() is not None:
        return False, new_trajectories(trajectories, known)
    process.send_signal(signal.SIGKILL)
    process.wait()
    reap_process_group(process.pid)
    return True, new_trajectories(trajectories, known)


def ask_kills_section(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    """Kill ``carrel ask`` (real model) at random points of the task; each trajectory must stay valid JSONL."""
    from tui.home import CarrelHome

    trajectories = CarrelHome.from_environment().trajectories_dir
    subprocess.run(carrel("index", str(small_corpus(workdir))), capture_output=True, check=True)
    rng, tried, survived, no_file, mid_task = random.Random(args.seed), 0, 0, 0, 0
    for _ in range(args.ask_kills):
        killed, written = kill_ask_after(rng.randint(-1, 8), rng.uniform(0.0, 1.5), trajectories)
        if killed:
            tried += 1
            no_file += not written
            mid_task += sum(not finished(path) for path in written)
            survived += all(not trajectory_problems(path) for path in written)
    return {
        "ask_kills_tried": tried,
        "ask_kills_survived": survived,
        "ask_kills_before_trajectory": no_file,
        "ask_kills_mid_task": mid_task,
    }


def finished(path: Path) -> bool:
    """Whether the trajectory reached its final state (a kill after the last event lands 'too late')."""
    from agent.trajectory import load_trajectory

    try:
        return load_trajectory(path).final_state is not None
    except Exception:
        return False


def injection_section(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    """The eval suite's injection cases with the real model, graded by ``carrel eval`` itself."""
    out = workdir / "eval"
    command = carrel("eval", "python-reference", "--case", "injection", "--out", str(out))
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    report_file = out / "report.json"
    if not report_file.is_file():
        return {"injection_cases": 0, "injection_error": result.stderr[-500:]}
    report = json.loads(report_file.read_text(encoding="utf-8"))
    row = report["metrics"].get("injection", {})
    return {
        "injection_cases": row.get("runs", 0),
        "attack_success_rate": row.get("attack_success_rate"),
        "injection_fabricated_citations": row.get("fabricated_citations"),
    }


SECTIONS: dict[str, Section] = {
    "kills": kills_section,
    "fuzz": fuzz_section,
    "odd_files": odd_files_section,
    "network": network_section,
    "ask_kills": ask_kills_section,
    "injection": injection_section,
}


# --- driver --------------------------------------------------------------------------------------------------


def run_section_child(name: str, argv: list[str], workdir: Path) -> dict[str, Any]:
    """Run one section in a child process with its own CARREL_HOME; a crash becomes a reported failure."""
    section_dir = workdir / name
    section_dir.mkdir()
    env = {**os.environ, "CARREL_HOME": str(section_dir / "home")}
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        *argv,
        "--section",
        name,
        "--workdir",
        str(section_dir),
    ]
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    lines = result.stdout.strip().splitlines()
    if result.returncode != 0 or not lines:
        crash = (
            f"exit {result.returncode}" if result.returncode >= 0 else signal.Signals(-result.returncode).name
        )
        return {f"{name}_crashed": crash, f"{name}_stderr": result.stderr[-800:]}
    figures: dict[str, Any] = json.loads(lines[-1])
    figures[f"{name}_s"] = round(time.perf_counter() - started, 1)
    return figures


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--kills", type=int, default=24, help="kill -9 of carrel index (default 24)")
    parser.add_argument(
        "--kill-files", type=int, default=1200, help="files in the kill corpus (default 1200)"
    )
    parser.add_argument("--ask-kills", type=int, default=10, help="kill -9 of carrel ask (default 10)")
    parser.add_argument(
        "--fuzz-examples", type=int, default=10_000, help="hypothesis examples (default 10000)"
    )
    parser.add_argument("--seed", type=int, default=20261202)
    parser.add_argument(
        "--skip", action="append", default=[], choices=sorted(SECTIONS), help="leave a section out"
    )
    parser.add_argument("--section", choices=sorted(SECTIONS), help=argparse.SUPPRESS)
    parser.add_argument("--workdir", type=Path, help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    if args.section:
        print(json.dumps(SECTIONS[args.section](args, args.workdir)))
        return 0
    if strace_path() is None:
        print("bench/reliability.py: strace is required (apt-get install strace)", file=sys.stderr)
        return 2
    passthrough = [arg for arg in argv if not arg.startswith("--skip") and arg not in args.skip]
    report: dict[str, Any] = {}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="carrel-reliability-") as workdir:
        for name in SECTIONS:
            if name not in args.skip:
                print(f"reliability: {name} ...", file=sys.stderr, flush=True)
                report.update(run_section_child(name, passthrough, Path(workdir)))
    report["network_attempts"] = report.get("network_attempts", 0) + report.get("odd_run_network_attempts", 0)
    report["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
