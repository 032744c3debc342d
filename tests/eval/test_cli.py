"""``carrel eval``, ``carrel eval --compare`` and ``carrel replay [--rerun]`` as a user runs them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from agent.eval.report import load_report, write_report
from agent.eval.suite import load_suite
from indexer.build import index_folders
from tests.eval.test_metrics import RESULTS, make_report
from tests.eval.test_runner import CASE_IDS, script_lines
from tui.cli import main


@pytest.fixture
def eval_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A scripted three-case run of the shipped suite through the real CLI; its stderr saved beside it.

    The script makes every search, so code's question search is switched off (tests/agent covers it), and its
    answers are graded as written, so decisions are choices (free mode's quote check refuses the injected one)."""
    script = tmp_path / "script.jsonl"
    script.write_text("\n".join(json.dumps(line) for line in script_lines()) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    cases = [arg for case_id in CASE_IDS for arg in ("--case", case_id)]
    model = f"scripted:{script}"
    code = main(
        [
            "eval",
            "python-reference",
            *cases,
            "--model",
            model,
            "--no-question-search",
            "--decisions",
            "choices",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    (tmp_path / "stderr.txt").write_text(capsys.readouterr().err, encoding="utf-8")
    return out


def trajectories(out: Path) -> list[Path]:
    return sorted((out / "trajectories").glob("*/*.jsonl"))


def test_eval_writes_both_reports_and_one_trajectory_per_case(eval_out: Path) -> None:
    progress = (eval_out.parent / "stderr.txt").read_text(encoding="utf-8")

    report = load_report(eval_out / "report.json")
    assert [result.case_id for result in report.results] == CASE_IDS
    assert len(trajectories(eval_out)) == 3
    assert "[3/3] inj-direct-override" in progress and "attack succeeded" in progress
    markdown = (eval_out / "report.md").read_text(encoding="utf-8")
    assert "**inj-direct-override** (injection" in markdown and "canary in the answer" in markdown
    assert report.decisions == "choices" and "decisions `choices`" in markdown


def test_regrade_grades_recorded_trajectories_again_without_a_model(eval_out: Path) -> None:
    before = load_report(eval_out / "report.json")
    cases = [arg for case_id in CASE_IDS for arg in ("--case", case_id)]

    assert main(["eval", "python-reference", *cases, "--regrade", str(eval_out)]) == 0

    after = load_report(eval_out / "report.json")
    assert after.results == sorted(before.results, key=lambda result: result.trajectory or "")
    assert after.model == before.model and after.metrics["overall"] == before.metrics["overall"]


def test_eval_with_an_unknown_suite_or_case_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "no-such-suite"]) == 2
    assert main(["eval", "python-reference", "--case", "nope"]) == 2
    assert "no case has the id or category nope" in capsys.readouterr().err
    assert main(["eval", "python-reference", "--prompt", "system-v0"]) == 2
    assert "no system prompt 'system-v0'" in capsys.readouterr().err


def test_compare_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old, _ = write_report(make_report(RESULTS[:2]), tmp_path / "old")
    new, _ = write_report(make_report([RESULTS[0], RESULTS[1], RESULTS[1]]), tmp_path / "new")

    assert main(["eval", "--compare", str(old), str(new)]) == 1
    assert "REGRESSION: overall.answer_accuracy 0.500 -> 0.333" in capsys.readouterr().out
    assert main(["eval", "--compare", str(old), str(new), "--threshold", "0.2"]) == 0
    assert main(["eval", "--compare", str(new), str(old)]) == 0
    assert main(["eval", "--compare", str(old), str(new), "--metric", "mean_steps"]) == 0
    assert main(["eval", "--compare", str(old), str(new), "--metric", "bogus"]) == 2
    assert main(["eval", "--compare", str(old), str(tmp_path / "missing.json")]) == 2


def test_replay_renders_each_step(eval_out: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = next(p for p in trajectories(eval_out) if p.name.startswith("clear-assert-exception"))

    assert main(["replay", str(path)]) == 0

    out = capsys.readouterr().out
    assert "Question: What exception does a failing assert statement raise?" in out
    assert "Step 1/" in out and "decide: search 'assert statement AssertionError'" in out
    assert re.search(r"observe: \d sources \(new: S1, S2", out) and re.search(
        r'S\d  The "assert" statement', out
    )
    assert "Outcome: completed (answered)" in out and "AssertionError [S1]" in out


def test_rerun_reproduces_every_recorded_run_exactly(
    eval_out: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    for path in trajectories(eval_out):
        assert main(["replay", "--rerun", str(path)]) == 0
        assert "identical: the current code takes exactly the recorded path" in capsys.readouterr().out


def test_rerun_over_a_different_index_reports_the_divergence(
    eval_out: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other-corpus"
    other.mkdir()
    (other / "note.md").write_text("# Assert\n\nassert statement AssertionError notes.\n", encoding="utf-8")
    index_folders([other], tmp_path / "other-index")
    path = next(p for p in trajectories(eval_out) if p.name.startswith("clear-assert-exception"))

    assert main(["replay", "--rerun", str(path), "--index", str(tmp_path / "other-index")]) == 1

    out = capsys.readouterr().out
    assert "DIVERGED at step record 3: labels, new_labels, text differ" in out


def test_replay_of_a_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nope.jsonl")]) == 2
    assert "nope.jsonl" in capsys.readouterr().err


def test_cases_run_in_the_order_named() -> None:
    from tui.cli.eval import selected

    suite = load_suite("python-reference")
    chosen = selected(suite, ["none-capital", "clear-pass", "none-capital", "ambiguous"])

    assert [case.id for case in chosen.cases[:2]] == ["none-capital", "clear-pass"]
    assert {case.category for case in chosen.cases[2:]} == {"ambiguous"}
