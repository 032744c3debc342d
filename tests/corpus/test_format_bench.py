"""``bench/format_bench.py`` in miniature: its sample corpus has every format and each one reads back."""

from __future__ import annotations

from pathlib import Path

from bench.format_bench import BASELINE_KINDS, measure_formats, write_sample_corpus
from corpus.walk import KIND_BY_SUFFIX


def test_every_kind_is_measured_beside_the_baseline(tmp_path: Path) -> None:
    figures = measure_formats(write_sample_corpus(tmp_path, limit=3), rounds=1)
    assert set(figures) == set(KIND_BY_SUFFIX.values())
    assert set(BASELINE_KINDS) <= set(figures)
    for kind, row in figures.items():
        assert row["passages"] > 0, kind
        assert row["documents"] == 3, kind  # the mbox: one file, three messages
        assert row["files_per_s"] > 0 and row["mb_per_s"] > 0, kind
