"""Watch a process tree's network system calls with ``strace`` and pick out anything that could leave the machine.

The in-process guard (``tui/airgap.py``) only sees Python's own sockets; a C library (llama.cpp, Tantivy, a PDF
engine) could open one behind its back. ``strace -f -yy -e trace=network`` sees every thread and child at the
kernel boundary and, with ``-yy``, labels each file descriptor with its socket kind (``UNIX-STREAM``, ``TCP``,
``UDP``, ``NETLINK`` ...). A call that sends or connects on anything but a UNIX socket counts as an attempt.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

# Follow threads and children; stop only at network calls (seccomp-bpf keeps llama.cpp's threads fast);
# label each descriptor with its socket kind; no attach/exit chatter.
STRACE_OPTIONS = ("-f", "--seccomp-bpf", "-yy", "-qq", "-e", "trace=network")
OUTBOUND_SYSCALLS = frozenset({"connect", "sendto", "sendmsg", "sendmmsg"})
_CALL = re.compile(
    r"^(?:\[pid\s+\d+\]\s+|\d+\s+)?(?P<syscall>[a-z_0-9]+)\((?P<fd>\d+)(?:<(?P<kind>[^>:]*)[^>]*>)?"
)
_UNIX_FAMILY = "sa_family=AF_UNIX"


@dataclass(frozen=True)
class NetworkCall:
    """One connect/send system call as strace printed it, with the kind of socket it used."""

    syscall: str
    socket_kind: str
    line: str

    @property
    def is_local_unix(self) -> bool:
        return self.socket_kind.startswith("UNIX") or _UNIX_FAMILY in self.line


def strace_path() -> str | None:
    return shutil.which("strace")


def parse_outbound_calls(trace: str) -> list[NetworkCall]:
    """Every connect/sendto/sendmsg/sendmmsg in an ``strace -f -yy`` log (resumed halves are not counted twice)."""
    calls: list[NetworkCall] = []
    for line in trace.splitlines():
        match = _CALL.match(line)
        if match and match.group("syscall") in OUTBOUND_SYSCALLS:
            calls.append(NetworkCall(match.group("syscall"), match.group("kind") or "unknown", line))
    return calls


def network_attempts(trace: str) -> list[NetworkCall]:
    """The calls that went to anything other than a local UNIX socket: the air gap promises there are none."""
    return [call for call in parse_outbound_calls(trace) if not call.is_local_unix]


def traced_command(command: Sequence[str], trace_file: Path) -> list[str]:
    """``command`` prefixed with strace following every thread and child, logging network calls to trace_file."""
    strace = strace_path()
    if strace is None:
        raise FileNotFoundError("strace is not installed; on Debian: apt-get install strace")
    return [strace, *STRACE_OPTIONS, "-o", str(trace_file), *command]


def run_traced(
    command: Sequence[str], trace_file: Path, **kwargs: object
) -> tuple[subprocess.CompletedProcess[str], list[NetworkCall]]:
    """Run ``command`` under strace; return its result and the network attempts it made."""
    result = subprocess.run(  # type: ignore[call-overload]
        traced_command(command, trace_file), capture_output=True, text=True, check=False, **kwargs
    )
    return result, network_attempts(trace_file.read_text(encoding="utf-8", errors="replace"))
