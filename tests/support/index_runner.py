"""Run ``index_folders`` in a child process that can pause at a chosen moment (for kill/lock tests).

``python -m tests.support.index_runner INDEX_DIR CORPUS --pause STAGE:N`` prints ``PAUSED`` and
waits for a line on stdin when progress first reaches stage STAGE with at least N files done, so a
test can ``kill -9`` it or start a competing run at a known point, without sleeping.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from indexer.build import index_folders
from indexer.errors import IndexProblem
from indexer.summary import IndexProgress

REPO_ROOT = Path(__file__).resolve().parents[2]


class PausePoint:
    def __init__(self, spec: str | None) -> None:
        stage, _, count = (spec or "").partition(":")
        self.stage = stage
        self.count = int(count or 0)
        self.done = not spec

    def __call__(self, progress: IndexProgress) -> None:
        if self.done or progress.stage != self.stage or progress.files_done < self.count:
            return
        self.done = True
        print("PAUSED", flush=True)
        sys.stdin.readline()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("index_dir", type=Path)
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--pause")
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    try:
        summary = index_folders(
            [args.corpus], args.index_dir, on_progress=PausePoint(args.pause), workers=args.workers
        )
    except IndexProblem as problem:
        print(f"PROBLEM {type(problem).__name__}: {problem}", flush=True)
        return 1
    print("SUMMARY " + summary.to_json(), flush=True)
    return 0


def start_runner(
    index_dir: Path, corpus: Path, pause: str | None = None, workers: int | None = None
) -> subprocess.Popen[str]:
    """Start the runner; when ``pause`` is given, returns once the child printed ``PAUSED``."""
    command = [sys.executable, "-m", "tests.support.index_runner", str(index_dir), str(corpus)]
    if pause:
        command += ["--pause", pause]
    if workers is not None:
        command += ["--workers", str(workers)]
    child = subprocess.Popen(command, cwd=REPO_ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    if pause:
        assert child.stdout is not None
        line = child.stdout.readline()
        if line.strip() != "PAUSED":
            child.kill()
            raise AssertionError(f"runner did not pause: {line!r} {child.stdout.read()!r}")
    return child


def resume(child: subprocess.Popen[str]) -> str:
    """Let a paused runner finish; returns its remaining output."""
    output, _ = child.communicate("\n", timeout=300)
    return output


if __name__ == "__main__":
    sys.exit(main())
