"""The harness with the bundled GGUF model: a real run is graded and recorded, and its recording reruns
through the current code step for step (the check ``carrel replay --rerun`` gives against real past runs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.eval.report import load_report
from agent.trajectory import load_trajectory
from tui.cli import main

pytestmark = pytest.mark.real_model


def test_one_case_with_the_bundled_model_is_graded_and_reruns_identically(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"

    # In free mode the model writes its decisions, so it is always asked (in choice mode code's answer is often
    # the only reply on offer and the model is not asked at all: decision 0092).
    command = ["eval", "python-reference", "--case", "clear-assert-exception", "--decisions", "free"]
    assert main([*command, "--out", str(out)]) == 0

    report = load_report(out)
    (result,) = report.results
    assert report.model.endswith(".gguf")
    assert result.status in {"completed", "needs_user", "failed"} and result.steps >= 1
    assert result.tokens > 0 and result.latency_s > 0
    assert result.fabricated_citations == 0
    (path,) = sorted((out / "trajectories").glob("*/*.jsonl"))
    assert load_trajectory(path).complete
    capsys.readouterr()
    assert main(["replay", "--rerun", str(path)]) == 0
    assert "identical" in capsys.readouterr().out
