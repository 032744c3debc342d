"""Air-gapped, provably: a full ``carrel index`` + ``carrel ask`` with the real model makes no network calls.

strace watches every thread and child at the kernel boundary, so this also covers llama.cpp, Tantivy and the PDF
engine, which the in-process audit hook cannot see. The first two tests prove the harness itself can see an
attempt and does not mistake a local UNIX socket for one - otherwise the real test could never fail.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.reliability.cli import carrel
from tests.reliability.isolation import network_namespace_prefix
from tests.reliability.network_trace import run_traced, strace_path

needs_strace = pytest.mark.skipif(
    strace_path() is None, reason="strace is not installed (apt-get install strace; .ci/run installs it)"
)
pytestmark = needs_strace

_ATTEMPTS = """
import socket
left, right = socket.socketpair()
left.sendall(b"local")
for family, kind in ((socket.AF_INET, socket.SOCK_STREAM), (socket.AF_INET, socket.SOCK_DGRAM)):
    with socket.socket(family, kind) as sock:
        try:
            sock.connect(("192.0.2.1", 53)) if kind == socket.SOCK_STREAM else sock.sendto(b"x", ("192.0.2.1", 53))
        except OSError:
            pass
"""


def test_harness_sees_tcp_and_udp_attempts(tmp_path: Path) -> None:
    """Run in an empty network namespace where one exists, so the attempts cannot reach anything."""
    command = [*network_namespace_prefix(), sys.executable, "-c", _ATTEMPTS]
    _, attempts = run_traced(command, tmp_path / "trace.txt")
    assert sorted(call.syscall for call in attempts) == ["connect", "sendto"]
    assert {call.socket_kind for call in attempts} == {"TCP", "UDP"}


def test_harness_allows_local_unix_sockets(tmp_path: Path) -> None:
    script = "import socket\na, b = socket.socketpair()\na.sendall(b'x')\nprint(b.recv(1))"
    result, attempts = run_traced([sys.executable, "-c", script], tmp_path / "trace.txt")
    assert result.returncode == 0
    assert (
        "sendto" in (tmp_path / "trace.txt").read_text() or "sendmsg" in (tmp_path / "trace.txt").read_text()
    )
    assert attempts == []


def _small_corpus(root: Path) -> Path:
    corpus = root / "corpus"
    corpus.mkdir()
    (corpus / "while.md").write_text(
        "# The while statement\n\nThe else clause of a while loop runs when the condition becomes false, "
        "unless the loop was left with break.\n",
        encoding="utf-8",
    )
    (corpus / "tides.txt").write_text("High tide arrives about every twelve hours.\n", encoding="utf-8")
    return corpus


@pytest.mark.real_model
def test_index_and_ask_with_the_real_model_make_no_network_calls(tmp_path: Path, carrel_home: Path) -> None:
    corpus = _small_corpus(tmp_path)
    indexed, index_attempts = run_traced(carrel("index", str(corpus)), tmp_path / "index.trace")
    assert indexed.returncode == 0, indexed.stderr
    question = "When does the else clause of a while loop run?"
    asked, ask_attempts = run_traced(carrel("ask", question, "--max-steps", "4"), tmp_path / "ask.trace")
    assert asked.returncode in {0, 1, 3}, asked.stderr
    assert list((carrel_home / "trajectories").rglob("*.jsonl")), (
        "ask wrote no trajectory: did it run at all?"
    )
    assert [call.line for call in index_attempts + ask_attempts] == []
