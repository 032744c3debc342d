"""``carrel index PATH [PATH ...]``: add folders to the index, or refresh them (only changes are read).

Progress goes to stderr (a bar on a terminal, plain lines otherwise); the summary goes to stdout,
as one JSON object with ``--json``. Files that fail are listed, and the exit code is still 0: only a
run that could not complete (busy or damaged index, missing folder) exits non-zero.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TextIO

from indexer.build import index_folders
from indexer.errors import IndexProblem
from indexer.summary import FileProblem, IndexProgress, IndexSummary
from tui.cli.text import printable
from tui.home import CarrelHome

EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
LISTED_PROBLEMS = 20
BAR_WIDTH = 30


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Index folders of documents so Carrel can search them. Re-running only reads "
        "files that changed; files that vanished leave the index."
    )
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="folders to index")
    parser.add_argument(
        "--index", type=Path, dest="index_dir", help="index folder (default: under CARREL_HOME)"
    )
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    parser.add_argument(
        "--rebuild", action="store_true", help="wipe the index and build it again (repairs a damaged index)"
    )


class ProgressReporter:
    """Renders IndexProgress ticks: a redrawn bar on a terminal, a line every few seconds otherwise."""

    def __init__(self, stream: TextIO, interactive: bool, line_interval_s: float = 5.0) -> None:
        self.stream = stream
        self.interactive = interactive
        self.interval = 0.1 if interactive else line_interval_s
        self.stage = ""
        self.stage_started = time.monotonic()
        self.last_drawn = 0.0

    def update(self, progress: IndexProgress) -> None:
        now = time.monotonic()
        if progress.stage != self.stage:
            self._finish_line()
            self.stage, self.stage_started, self.last_drawn = progress.stage, now, 0.0
        elif now - self.last_drawn < self.interval and progress.files_done != progress.files_total:
            return
        self.last_drawn = now
        self._draw(progress, now - self.stage_started)

    def close(self) -> None:
        self._finish_line()

    def _draw(self, progress: IndexProgress, elapsed: float) -> None:
        text = describe_progress(progress, elapsed)
        if self.interactive:
            self.stream.write("\r\x1b[2K" + text)
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def _finish_line(self) -> None:
        if self.interactive and self.stage:
            self.stream.write("\n")
            self.stream.flush()


def describe_progress(progress: IndexProgress, elapsed: float) -> str:
    if progress.stage == "scanning":
        return f"scanning: {progress.files_done} entries"
    if progress.stage != "indexing" or not progress.files_total:
        return f"{progress.stage}: {progress.files_done}/{progress.files_total} files"
    done, total = progress.files_done, progress.files_total
    rate = done / elapsed if elapsed > 0 else 0.0
    eta = f"{(total - done) / rate:.0f} s" if rate > 0 else "?"
    filled = int(BAR_WIDTH * done / total)
    bar = "#" * filled + "." * (BAR_WIDTH - filled)
    return f"indexing [{bar}] {done}/{total} files  {rate:.0f} files/s  ETA {eta}"


def format_summary(summary: IndexSummary, index_dir: Path) -> str:
    lines = [
        f"index {index_dir}: {summary.documents} documents, {summary.passages} passages ({summary.seconds:.1f} s)",
        f"  added {summary.added}, updated {summary.updated}, unchanged {summary.unchanged}, removed {summary.removed}",
    ]
    if summary.read_by_kind:
        lines.append(
            "  read: " + ", ".join(f"{count} {kind}" for kind, count in summary.read_by_kind.items())
        )
    if summary.cancelled:
        lines.append("  cancelled: the files done so far were saved")
    if summary.skipped:
        counts = ", ".join(f"{count} {reason}" for reason, count in summary.skipped.items())
        lines.append(f"  skipped: {counts}")
    lines += _problem_lines("skipped files", summary.skipped_files)
    lines += _problem_lines("failed", summary.failed)
    return "\n".join(lines)


def _problem_lines(label: str, problems: list[FileProblem]) -> list[str]:
    if not problems:
        return []
    lines = [f"  {label} ({len(problems)}):"]
    lines += [f"    {printable(problem.path)}: {problem.reason}" for problem in problems[:LISTED_PROBLEMS]]
    if len(problems) > LISTED_PROBLEMS:
        lines.append(f"    ... and {len(problems) - LISTED_PROBLEMS} more (use --json for all)")
    return lines


def run(args: argparse.Namespace) -> int:
    if not args.paths and not args.rebuild:
        print("carrel index: give at least one folder to index (or --rebuild)", file=sys.stderr)
        return EXIT_USAGE
    index_dir: Path = args.index_dir or CarrelHome.from_environment().index_dir
    reporter = ProgressReporter(sys.stderr, interactive=sys.stderr.isatty())
    try:
        summary = index_folders(args.paths, index_dir, on_progress=reporter.update, rebuild=args.rebuild)
    except IndexProblem as problem:
        reporter.close()
        print(f"carrel index: {problem}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        reporter.close()
        print("carrel index: interrupted; the index keeps its last saved state", file=sys.stderr)
        return EXIT_INTERRUPTED
    reporter.close()
    print(summary.to_json() if args.json else format_summary(summary, index_dir))
    return 0
