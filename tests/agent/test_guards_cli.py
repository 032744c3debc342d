"""Every way a task can end, reached from the command line with a scripted model, in both decision modes.

Each case is a script of ordinary decisions (the JSON in docs/decisions-json.md) run by
``carrel ask QUESTION --model scripted:FILE --decisions MODE --json`` over a real Tantivy index, with the
defaults a user gets (code's question search on). The free path is guarded like the choice path: same stop
reasons, same limits, same validation, plus the quote check on written answers.
"""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest

from agent.decision import NO_EVIDENCE_ANSWER
from agent.state import AgentState, StopReason
from agent.trajectory import list_trajectories, load_trajectory
from tests.agent.conftest import QUESTION, clarify, final, search
from tui.cli import ask as ask_command
from tui.cli import main

TEA_ANSWER = "Green tea is brewed at about 80 degrees Celsius [S1]."
INVENTED = "Green tea is brewed at 95 degrees Celsius [S1]."
BROWSE = json.dumps({"action": "browse", "url": "http://example.com"})
MODES = ("choices", "free")

# stop reason (and a case name) -> script, extra command-line options, question
CASES: dict[str, tuple[StopReason, list[str], list[str], str]] = {
    "answered": ("answered", [final(TEA_ANSWER, ["S1"])], [], QUESTION),
    "no_evidence": ("no_evidence", [final(NO_EVIDENCE_ANSWER)], [], QUESTION),
    "clarification_needed": (
        "clarification_needed",
        [clarify("Which drink do you mean?")],
        [],
        "What temperature should it be?",
    ),
    "max_steps": (
        "max_steps",
        [search("green tea sencha"), search("hot water")],
        ["--max-steps", "2"],
        QUESTION,
    ),
    "max_searches": ("max_searches", [search("green tea sencha")], ["--max-searches", "1"], QUESTION),
    "token_budget": ("token_budget", [final(TEA_ANSWER, ["S1"])], ["--token-budget", "256"], QUESTION),
    "repeated_query": ("repeated_query", [search("sencha leaves")] * 3, [], QUESTION),
    "no_new_information": (
        "no_new_information",
        [search("qqqq zzzz"), search("xxxx yyyy"), search("wwww vvvv")],
        ["--max-searches", "5", "--max-steps", "8"],
        QUESTION,
    ),
    "tool_error": ("tool_error", [search("?"), search("!")], [], QUESTION),
    "invalid_final (fabricated label)": (
        "invalid_final",
        [final("Tea is brewed hot [S9].", ["S9"])] * 2,
        [],
        QUESTION,
    ),
    "invalid_final (uncited inline label)": (
        "invalid_final",
        [final("Tea is brewed at about 80 degrees [S1], lava is fluid [S2].", ["S1"])] * 2,
        [],
        QUESTION,
    ),
    "invalid_final (unsupported sentence)": ("invalid_final", [final(INVENTED, ["S1"])] * 2, [], QUESTION),
    "model_error (unknown action)": ("model_error", [BROWSE, BROWSE], [], QUESTION),
    "cancelled": ("cancelled", [final(TEA_ANSWER, ["S1"])], [], QUESTION),
}
# A choice-mode answer is code's own quote, so the quote check applies only to written answers: in choice mode
# a script's invented sentence is recorded as unsupported (state.support) but not refused.
CHOICE_MODE_OUTCOME: dict[str, StopReason] = {"invalid_final (unsupported sentence)": "answered"}


def script_file(tmp_path: Path, replies: list[str]) -> str:
    path = tmp_path / "script.jsonl"
    path.write_text("".join(json.dumps(reply) + "\n" for reply in replies), encoding="utf-8")
    return f"scripted:{path}"


@pytest.fixture
def interrupted_at_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C right after ``carrel ask`` installs its handler: the real signal, delivered at a known moment."""
    install = ask_command.CancelOnInterrupt.install

    def install_then_interrupt(self: ask_command.CancelOnInterrupt) -> None:
        install(self)
        signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(ask_command.CancelOnInterrupt, "install", install_then_interrupt)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("case", list(CASES))
def test_every_stop_reason_is_reachable_from_the_command_line(
    case: str,
    mode: str,
    index_dir: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    carrel_home: Path,
    request: pytest.FixtureRequest,
) -> None:
    expected, replies, extra, question = CASES[case]
    if mode == "choices" and case == "clarification_needed":
        pytest.skip(
            "in choices mode what the documents hold decides when to ask back (decisions 0125, 0127, 0129); "
            "tests/agent/test_underspecified.py and test_readings.py reach it over larger indexes"
        )
    if mode == "choices":
        expected = CHOICE_MODE_OUTCOME.get(case, expected)
    if case == "cancelled":
        request.getfixturevalue("interrupted_at_start")
    model = script_file(tmp_path, replies)

    main(
        ["ask", question, "--index", str(index_dir), "--model", model, "--decisions", mode, "--json", *extra]
    )

    state = AgentState.model_validate_json(capsys.readouterr().out)
    assert state.stop_reason == expected, state.message
    (path,) = list_trajectories(carrel_home / "trajectories")
    assert load_trajectory(path).header.decisions == mode
