"""``bench/index_bench.py`` in miniature, on the fixture corpus: one JSON line with every key the issue
names, both sides measured, and the figures are real (a fresh Carrel index holds every passage)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.indexes import write_fixture_corpus

BENCH = Path(__file__).resolve().parents[2] / "bench" / "index_bench.py"
REQUIRED_KEYS = {
    "files",
    "carrel_index_s",
    "baseline_index_s",
    "carrel_peak_rss_mb",
    "reindex_nochange_s",
    "reindex_onechange_s",
    "search_p50_ms",
    "search_p99_ms",
}

pytestmark = pytest.mark.slow


def test_the_index_benchmark_prints_both_sides_on_one_line(tmp_path: Path) -> None:
    corpus = write_fixture_corpus(tmp_path / "corpus")
    command = [sys.executable, str(BENCH), str(corpus), "--repeat", "1", "--searches", "30"]
    result = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)
    assert result.returncode == 0, result.stderr
    (line,) = result.stdout.strip().splitlines()
    report = json.loads(line)
    assert report.keys() >= REQUIRED_KEYS, sorted(report)
    assert report["files"] >= 5 and report["passages"] >= report["documents"] >= 5
    assert report["carrel_index_s"] > 0 and report["baseline_index_s"] > 0
    assert report["carrel_peak_rss_mb"] > 0 and report["searches"] == 30
    assert report["tantivy_only_documents"] == report["documents"] + report["passages"]
    # A fixture corpus extracts in a few milliseconds of CPU, below the clock's resolution on a fast machine.
    assert report["tantivy_only_index_s"] > 0 and report["carrel_extraction_cpu_s"] >= 0
    assert report["cpu_floor_s"] > 0 and report["cpu_floor_ratio_to_baseline"] > 0
    assert set(report["tantivy_only_runs_s"]) == {"carrel_settings", "generous"}
    assert set(report["carrel_phases_s"]) == {
        "walk_and_worker_start",
        "extract_and_write",
        "commit_and_reload",
    }
