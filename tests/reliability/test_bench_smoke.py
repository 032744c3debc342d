"""``bench/reliability.py`` in miniature: the report's contract (one JSON line with the issue's keys) holds and
the figures it prints for the fast sections are the good ones. The real-model sections have their own tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.reliability.network_trace import strace_path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "reliability.py"
SMALL = ["--kills", "3", "--kill-files", "60", "--fuzz-examples", "40"]
MODEL_SECTIONS = ["--skip", "network", "--skip", "ask_kills", "--skip", "injection"]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(strace_path() is None, reason="strace is not installed (.ci/run installs it)"),
]


def test_small_report_is_one_json_line_with_good_figures() -> None:
    result = subprocess.run(
        [sys.executable, str(BENCH), *SMALL, *MODEL_SECTIONS], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    (line,) = result.stdout.strip().splitlines()
    report = json.loads(line)
    figures = json.dumps(report, indent=1)  # the whole report in the failure message
    assert report["kills_survived"] == report["kills_tried"] >= 1, figures
    assert report["fuzz_examples"] >= 40 and report["fuzz_failures"] == 0, figures
    assert report["odd_files_handled"] == report["odd_files_tried"] > 20, figures
    assert report["odd_documents_handled"] == report["odd_documents_tried"] >= 15, figures
    assert report["odd_outcome_counts"]["no text (scanned?)"] == 1, figures
    assert report["files_read_outside_root"] == 0 and report["network_attempts"] == 0, figures
    assert report["search_p99_ms"] > 0, figures
