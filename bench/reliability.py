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
import gzip
import json
import os
import random
import re
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # run as a script: make the test harnesses importable
    sys.path.insert(0, str(REPO))

from tests.reliability.crash import IndexKillScenario, reap_process_group  # noqa: E402
from tests.reliability.network_trace import network_attempts, strace_path  # noqa: E402

Section = Callable[[argparse.Namespace, Path], dict[str, Any]]
QUESTION = "When does the else clause of a while loop run?"
_OPENED = re.compile(r"\bopen(?:at)?\(.*\) = \d+<(?P<target>[^>]*)>")


def carrel(*args: str) -> list[str]:
    return [sys.executable, "-m", "tui.cli", *args]


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


def odd_corpus(root: Path, outside: Path) -> dict[str, Path]:
    """One entry per odd kind the issue lists (a file deleted mid-run cannot be staged from outside: the
    indexer's own tests cover it), plus links to a secret folder outside the root."""
    root.mkdir(parents=True)
    outside.mkdir(parents=True)
    (outside / "secret.md").write_text("# Secret\n\nzanzibar-outside-token\n", encoding="utf-8")
    odd: dict[str, Path] = {}

    def add(kind: str, path: Path) -> Path:
        odd[kind] = path
        return path

    add("binary with .txt", root / "photo.txt").write_bytes(bytes(range(256)) * 64)
    add("invalid UTF-8", root / "latin1.md").write_bytes(b"caf\xe9 cr\xe8me br\xfbl\xe9e \xff\xfe lantern\n")
    add("0-byte file", root / "empty.md").touch()
    with add("over the size cap", root / "huge.txt").open("wb") as handle:
        handle.write(b"lantern keeper\n" * (52 * 1024 * 1024 // 15))
    with gzip.open(add("gzip bomb", root / "bomb.txt.gz"), "wb", compresslevel=9) as bomb:
        for _ in range(64):
            bomb.write(b"0" * (1024 * 1024))
    complete = gzip.compress(b"lantern " * 20_000)
    add("truncated .gz", root / "cut.md.gz").write_bytes(complete[: len(complete) // 2])
    add("malformed PDF", root / "broken.pdf").write_bytes(
        b"%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%%EOF garbage"
    )
    depth = 10 * 1024 * 1024 // 11
    add("10 MB nested HTML", root / "deep.html").write_text(
        "<div><p>" * (depth // 2) + "lantern", encoding="utf-8"
    )
    loop = add("symlink loop", root / "loop")
    loop.symlink_to(loop)
    add("symlink to /etc", root / "etc").symlink_to("/etc")
    add("symlink to a folder outside", root / "elsewhere").symlink_to(outside)
    add("symlink to a file outside", root / "secret-link.md").symlink_to(outside / "secret.md")
    add("name with a newline", root / "two\nlines.md").write_text(
        "# Two lines\n\nlantern\n", encoding="utf-8"
    )
    bad_name = os.fsdecode(b"bad-\xff\xfe-name.md")
    add("non-UTF-8 name", root / bad_name).write_text("# Bad name\n\nlantern\n", encoding="utf-8")
    locked = add("unreadable folder", root / "locked")
    locked.mkdir()
    (locked / "inside.md").write_text("# Inside\n\nlantern\n", encoding="utf-8")
    locked.chmod(0)
    fifo = add("FIFO", root / "pipe.md")
    os.mkfifo(fifo)
    add("dangling symlink", root / "gone.md").symlink_to(root / "never-existed.md")
    with add("sparse 1 GB file", root / "sparse.txt").open("wb") as handle:
        handle.truncate(1024**3)
    add("UNIX socket", root / "socket.md")
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(str(root / "socket.md"))
    listener.close()
    (root / "normal.md").write_text("# Normal\n\nA lantern on the shelf.\n", encoding="utf-8")
    return odd


def traced_index(root: Path, index_dir: Path, trace: Path) -> tuple[dict[str, Any], str, int]:
    """Run ``carrel index --json`` under strace (opens + network); return summary, trace, peak RSS in KiB."""
    syscalls = "trace=openat,open,connect,sendto,sendmsg,sendmmsg"
    command = ["strace", "-f", "-yy", "-qq", "-e", syscalls, "-o", str(trace)]
    command += carrel("index", str(root), "--index", str(index_dir), "--json")
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    summary = json.loads(result.stdout) if result.returncode == 0 else {"error": result.stderr[-500:]}
    return summary, trace.read_text(encoding="utf-8", errors="replace"), max(peak, before)


def opened_targets(trace: str) -> set[str]:
    return {match.group("target") for match in map(_OPENED.search, trace.splitlines()) if match}


def outside_reads(trace: str, baseline: str, outside: Path) -> list[str]:
    """Files opened in ``/etc`` or the secret folder that a run on an empty folder did not open too."""
    noise = opened_targets(baseline)
    watched = ("/etc/", f"{outside}/")
    return sorted(t for t in opened_targets(trace) - noise if t.startswith(watched))


def odd_outcome(kind: str, path: Path, summary: dict[str, Any], indexed: set[str]) -> str:
    """The reason the run reported for this entry, ``indexed`` if it was indexed, or ``LOST`` if neither."""
    shown = os.fsencode(path).decode("utf-8", "backslashreplace")
    for problem in summary.get("skipped_files", []) + summary.get("failed", []):
        if problem["path"] == shown:
            return str(problem["reason"])
    inside = shown in indexed or any(entry.startswith(shown + "/") for entry in indexed)
    return "indexed" if inside else "LOST"


def handled(kind: str, outcome: str) -> bool:
    """Reported with a reason, or indexed harmlessly; never indexed when it leads outside the root."""
    leads_outside = "outside" in kind or kind == "symlink to /etc"
    return outcome != "LOST" and not (leads_outside and outcome == "indexed")


def odd_files_section(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    from indexer.store import IndexStore

    root, outside = workdir / "odd", workdir / "outside"
    odd = odd_corpus(root, outside)
    (workdir / "empty").mkdir()
    _, baseline, _ = traced_index(workdir / "empty", workdir / "baseline-index", workdir / "baseline.trace")
    summary, trace, peak_kib = traced_index(root, workdir / "index", workdir / "odd.trace")
    (root / "locked").chmod(0o700)
    if "error" in summary:
        return {"odd_files_tried": len(odd), "odd_files_handled": 0, "odd_run_error": summary["error"]}
    indexed = {entry.path for entry in IndexStore.open(workdir / "index").manifest().values()}
    outcomes = {kind: odd_outcome(kind, path, summary, indexed) for kind, path in odd.items()}
    return {
        "odd_files_tried": len(odd),
        "odd_files_handled": sum(handled(kind, outcome) for kind, outcome in outcomes.items()),
        "odd_file_outcomes": outcomes,
        "files_read_outside_root": len(outside_reads(trace, baseline, outside)),
        "outside_reads": outside_reads(trace, baseline, outside)[:10],
        "odd_run_peak_rss_mb": round(peak_kib / 1024, 1),
        "odd_run_network_attempts": len(network_attempts(trace)),
        "running_as_root": os.geteuid() == 0,
    }


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


def new_trajectories(directory: Path, known: set[Path]) -> Iterator[Path]:
    return (path for path in directory.rglob("*.jsonl") if path not in known)


def ask_kills_section(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    """Kill ``carrel ask`` (real model) at random moments; each trajectory must stay valid JSONL."""
    from tui.home import CarrelHome

    trajectories = CarrelHome.from_environment().trajectories_dir
    subprocess.run(carrel("index", str(small_corpus(workdir))), capture_output=True, check=True)
    started = time.perf_counter()
    subprocess.run(carrel("ask", QUESTION), capture_output=True, check=False)
    span = time.perf_counter() - started
    rng, tried, survived, no_file = random.Random(args.seed), 0, 0, 0
    for slot in range(args.ask_kills):
        known = set(trajectories.rglob("*.jsonl"))
        process = subprocess.Popen(
            carrel("ask", QUESTION),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            process.wait(timeout=span * (slot + rng.random()) / args.ask_kills)
            continue
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGKILL)
            process.wait()
        reap_process_group(process.pid)
        written = list(new_trajectories(trajectories, known))
        tried += 1
        no_file += not written
        survived += all(not trajectory_problems(path) for path in written)
    return {
        "ask_kills_tried": tried,
        "ask_kills_survived": survived,
        "ask_kills_before_trajectory": no_file,
        "ask_run_s": round(span, 2),
    }


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
