"""Extraction workers must notice a killed indexing process even before anyone reaps it (a zombie)."""

from __future__ import annotations

import os
import subprocess

from indexer.pipeline import process_alive


def test_running_process_is_alive() -> None:
    assert process_alive(os.getpid())


def test_killed_unreaped_process_counts_as_gone() -> None:
    child = subprocess.Popen(["sleep", "30"])
    try:
        assert process_alive(child.pid)
        child.kill()
        os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)  # dead, but still a zombie
        assert not process_alive(child.pid)
    finally:
        child.wait()
    assert not process_alive(child.pid)
