"""The eval harness's index is a cache: an index from another schema version is rebuilt, not reported."""

from __future__ import annotations

import json
from pathlib import Path

from agent.eval.runner import EvalPlan, build_eval_index
from agent.eval.suite import load_suite
from indexer.store import META_FILE
from tests.support.indexes import write_fixture_corpus


def test_an_eval_index_from_another_schema_version_is_rebuilt(tmp_path: Path) -> None:
    corpus = write_fixture_corpus(tmp_path / "corpus")
    plan = EvalPlan(
        suite=load_suite("python-reference"),
        roots=[corpus],
        index_dir=tmp_path / "index",
        trajectories_dir=tmp_path / "trajectories",
    )
    first = build_eval_index(plan)
    meta = plan.index_dir / META_FILE
    meta.write_text(json.dumps({**json.loads(meta.read_text()), "schema_version": 1}))

    again = build_eval_index(plan)

    assert again.documents == first.documents > 0 and again.added == first.added
    assert json.loads(meta.read_text())["schema_version"] != 1
