"""``carrel ask`` end to end with a scripted model over a real index: output, exit codes, trajectory, kill -9."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from agent.eval.judge import tool_calls
from agent.state import AgentState
from agent.trajectory import list_trajectories, load_trajectory
from models.bundled import bundled_model_path
from tests.agent.conftest import QUESTION, final, search
from tui.cli import main

TEA_ANSWER = "Green tea is brewed at about 80 degrees Celsius [S1]."


def script_file(tmp_path: Path, replies: list[str]) -> str:
    path = tmp_path / "script.jsonl"
    path.write_text("".join(json.dumps(reply) + "\n" for reply in replies), encoding="utf-8")
    return f"scripted:{path}"


def ask(index_dir: Path, model: str, *extra: str, question: str = QUESTION) -> int:
    return main(["ask", question, "--index", str(index_dir), "--model", model, *extra])


def test_completed_answer_and_numbered_sources_on_stdout(
    index_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], carrel_home: Path
) -> None:
    model = script_file(tmp_path, [search("green tea water"), final(TEA_ANSWER, ["S1"])])
    assert ask(index_dir, model) == 0
    out, err = capsys.readouterr()
    assert out.startswith(TEA_ANSWER)
    assert "Sources:" in out and "[1] S1  Brewing green tea" in out and "tea.md" in out
    assert "step 1/6" in err and "search 'green tea water'" in err and "completed (answered)" in err
    (trajectory_path,) = list_trajectories(carrel_home / "trajectories")
    trajectory = load_trajectory(trajectory_path)
    assert trajectory.complete and trajectory.final_state is not None
    assert trajectory.header.document_count == 4 and trajectory.header.model_sha256
    assert trajectory.header.prompt_version == "system-v2"


def test_json_prints_the_final_state(
    index_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    model = script_file(tmp_path, [search("green tea water"), final(TEA_ANSWER, ["S1"])])
    assert ask(index_dir, model, "--json") == 0
    state = AgentState.model_validate_json(capsys.readouterr().out)
    assert state.status == "completed" and state.citations == ["S1"]


def test_needs_user_exits_3_with_what_was_found(
    index_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    model = script_file(tmp_path, [search("green tea water"), search("volcano lava")])
    assert ask(index_dir, model, "--max-searches", "1") == 3
    out = capsys.readouterr().out
    assert "Used all 1 searches" in out and "Found so far:" in out and "tea.md" in out


def test_failed_exits_1(index_dir: Path, tmp_path: Path) -> None:
    model = script_file(tmp_path, ["not json", "still not json"])
    assert ask(index_dir, model) == 1


@pytest.mark.parametrize("extra", [["--max-steps", "0"], ["--token-budget", "10"], ["--max-steps", "many"]])
def test_bad_limits_are_usage_errors(index_dir: Path, tmp_path: Path, extra: list[str]) -> None:
    model = script_file(tmp_path, [search("green tea")])
    try:
        code = ask(index_dir, model, *extra)
    except SystemExit as exit_:  # argparse rejects non-numbers itself
        code = int(exit_.code or 0)
    assert code == 2


def test_missing_index_or_model_fails_with_a_clear_message(
    tmp_path: Path, index_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    model = script_file(tmp_path, [search("green tea")])
    assert ask(tmp_path / "no-index", model) == 1
    assert "carrel ask:" in capsys.readouterr().err
    assert ask(index_dir, f"scripted:{tmp_path / 'missing.jsonl'}") == 1
    assert "missing.jsonl" in capsys.readouterr().err


def run_ask_until_first_step(
    index_dir: Path, model: str, home: Path
) -> tuple[subprocess.Popen[str], list[str]]:
    """Start ``carrel ask`` in a child process and read its stderr until the first search has run."""
    command = [sys.executable, "-m", "tui.cli", "ask", QUESTION, "--index", str(index_dir), "--model", model]
    env = {**os.environ, "CARREL_HOME": str(home)}
    child = subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env)
    assert child.stderr is not None
    seen: list[str] = []
    for line in child.stderr:
        seen.append(line)
        if "searched (" in line:
            break
    return child, seen


@pytest.mark.real_model
def test_kill_9_during_ask_leaves_valid_jsonl_up_to_the_last_event(
    index_dir: Path, carrel_home: Path
) -> None:
    model_path = bundled_model_path()
    assert model_path is not None, "the bundled model package is not installed"
    child, seen = run_ask_until_first_step(index_dir, str(model_path), carrel_home)
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert child.returncode == -signal.SIGKILL, "".join(seen)
    (path,) = list_trajectories(carrel_home / "trajectories")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert all(json.loads(line) for line in lines)  # every written line is whole JSON
    trajectory = load_trajectory(path)
    assert not trajectory.complete and not trajectory.truncated
    assert [event.type for event in trajectory.events][:2] == ["task_started", "status_changed"]
    assert any(event.type == "search_ran" for event in trajectory.events)


def test_lone_surrogate_escape_from_the_model_is_an_invalid_decision_not_a_crash(
    index_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], carrel_home: Path
) -> None:
    """The JSON grammar allows \\uD800 escapes; decoded, they are lone surrogates no trajectory can store."""
    forged = '{"action": "search", "query": "\\ud800 green tea"}'
    model = script_file(tmp_path, [forged, forged, forged])
    code = ask(index_dir, model, "--json")
    state = AgentState.model_validate_json(capsys.readouterr().out)
    assert code in (1, 3) and state.status != "completed"
    model_searches = [call for call in tool_calls(state) if call.issued_by == "model" and call.executed]
    assert model_searches == []
    (trajectory_path,) = list_trajectories(carrel_home / "trajectories")
    assert load_trajectory(trajectory_path).complete


def test_continue_last_answers_from_the_carried_sources(
    index_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], carrel_home: Path
) -> None:
    first = script_file(tmp_path, [search("green tea water"), search("volcano lava")])
    assert ask(index_dir, first, "--max-searches", "1") == 3
    capsys.readouterr()
    followup = tmp_path / "followup"
    followup.mkdir()
    answer_only = script_file(followup, [final(TEA_ANSWER, ["S1"])])
    assert ask(index_dir, answer_only, "--continue", "last", question="the green tea, please") == 0
    out, err = capsys.readouterr()
    assert out.startswith(TEA_ANSWER) and "tea.md" in out
    assert "searched" not in err  # S1 came from the first task; no new search was needed
    newest = load_trajectory(list_trajectories(carrel_home / "trajectories")[0])
    assert newest.final_state is not None and newest.final_state.continues is not None


@pytest.mark.parametrize("spec", ["last", "missing.jsonl"])
def test_continue_needs_a_finished_needs_user_task(
    index_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], spec: str
) -> None:
    model = script_file(tmp_path, [final(TEA_ANSWER, ["S1"])])
    assert ask(index_dir, model, "--continue", str(tmp_path / spec) if spec != "last" else spec) == 2
    assert "--continue" in capsys.readouterr().err


def test_a_completed_task_cannot_be_continued(
    index_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    model = script_file(tmp_path, [search("green tea water"), final(TEA_ANSWER, ["S1"])])
    assert ask(index_dir, model) == 0
    capsys.readouterr()
    assert ask(index_dir, model, "--continue", "last", question="and oolong?") == 2
    assert "--continue" in capsys.readouterr().err
