"""Which files a ``carrel index`` run really opened, seen at the kernel boundary with strace.

The indexer promises never to read outside the folder it was given; its own tests check what ends up in the
index. This checks the stronger thing, what the process *opened*: strace ``-yy`` prints the resolved path of
every descriptor an ``open``/``openat`` returned, so a symlink that leads out of the root shows up as the file
it really reached. Python, its libraries and the dynamic loader open files in ``/etc`` too; a run on an empty
folder gives that baseline, and only what goes beyond it counts.
"""

from __future__ import annotations

import json
import re
import resource
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.reliability.cli import carrel
from tests.reliability.network_trace import NetworkCall, network_attempts, strace_path

_OPENED = re.compile(r"\bopen(?:at)?\(.*\) = \d+<(?P<target>[^>]*)>")
TRACED_SYSCALLS = "trace=openat,open,connect,sendto,sendmsg,sendmmsg"


@dataclass(frozen=True)
class TracedIndexRun:
    """One ``carrel index --json`` run under strace: its summary (or error), the trace, its peak memory."""

    exit_code: int
    summary: dict[str, Any]
    stderr: str
    trace: str
    peak_rss_kib: int

    @property
    def opened(self) -> set[str]:
        return opened_targets(self.trace)

    @property
    def network_attempts(self) -> list[NetworkCall]:
        return network_attempts(self.trace)


def opened_targets(trace: str) -> set[str]:
    """The resolved paths of every file or folder successfully opened in an ``strace -yy`` log."""
    return {match.group("target") for match in map(_OPENED.search, trace.splitlines()) if match}


def reads_outside(run: TracedIndexRun, baseline: TracedIndexRun, watched: Sequence[Path]) -> list[str]:
    """Paths under ``watched`` folders that ``run`` opened and the empty-folder baseline did not."""
    prefixes = tuple(f"{folder.resolve()}/" for folder in watched)
    return sorted(path for path in run.opened - baseline.opened if path.startswith(prefixes))


def traced_index(root: Path, index_dir: Path, trace_file: Path) -> TracedIndexRun:
    """``carrel index ROOT --index DIR --json`` under ``strace -f`` (file opens and network calls).

    Peak memory is the largest ``ru_maxrss`` among this process's waited-for descendants after the run, so
    call it from a process that has not run anything bigger before (the bench runs it in a fresh child).
    """
    strace = strace_path()
    if strace is None:
        raise FileNotFoundError("strace is not installed; on Debian: apt-get install strace")
    command = [strace, "-f", "--seccomp-bpf", "-yy", "-qq", "-e", TRACED_SYSCALLS, "-o", str(trace_file)]
    command += carrel("index", str(root), "--index", str(index_dir), "--json")
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    summary = json.loads(result.stdout) if result.returncode == 0 else {}
    trace = trace_file.read_text(encoding="utf-8", errors="replace")
    return TracedIndexRun(result.returncode, summary, result.stderr, trace, peak)
