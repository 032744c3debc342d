"""One wiring: ``carrel ask``, ``carrel eval`` and the desk run a task with the same settings from the same
config file and options, and record it with the same run context (the model file's sha256 included)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic.fields import FieldInfo

from agent.settings import AgentSettings
from agent.trajectory import TrajectoryHeader, list_trajectories, load_trajectory
from indexer.build import index_folders
from tests.support.indexes import write_fixture_corpus
from tui.cli import main
from tui.cli.options import option_kind
from tui.config import CarrelConfig, save_config
from tui.desk.app import CarrelApp
from tui.home import CarrelHome
from tui.user_settings import USER_SETTINGS, UserSetting
from tui.wiring import SettingsError, resolve_settings

# Every value differs from the agent's default. max_searches = 0 is allowed (the desk once raised it to 1).
CONFIG = CarrelConfig(
    settings={
        "max_steps": 4,
        "max_searches": 0,
        "token_budget": 9_000,
        "time_limit_s": 99.0,
        "question_search": False,
    }
)
QUESTION = "What is the grey liquid on a sourdough starter?"
OPTIONS = ["--max-steps", "5", "--question-search"]


@pytest.fixture
def script(tmp_path: Path) -> str:
    path = tmp_path / "script.jsonl"
    reply = {"action": "final", "citations": [], "answer": "not enough evidence"}
    path.write_text((json.dumps(json.dumps(reply)) + "\n") * 4, encoding="utf-8")
    return f"scripted:{path}"


@pytest.fixture
def home(carrel_home: Path, tmp_path: Path) -> CarrelHome:
    home = CarrelHome(carrel_home).ensure()
    save_config(CONFIG, home.config_file)
    index_folders([write_fixture_corpus(tmp_path / "corpus")], home.index_dir, workers=1)
    return home


def newest_header(trajectories_dir: Path) -> TrajectoryHeader:
    header = load_trajectory(list_trajectories(trajectories_dir)[0]).header
    return header.model_copy(update={"task_id": "", "question": "", "created_at": None, "index_path": None})


def header_from_ask(home: CarrelHome, script: str, *options: str) -> TrajectoryHeader:
    main(["ask", QUESTION, "--model", script, *options])
    return newest_header(home.trajectories_dir)


def header_from_eval(script: str, tmp_path: Path) -> TrajectoryHeader:
    out = tmp_path / "eval-out"
    code = main(["eval", "python-reference", "--case", "none-capital", "--model", script, "--out", str(out)])
    assert code == 0
    return newest_header(out / "trajectories")


def header_from_desk(
    home: CarrelHome, script: str, monkeypatch: pytest.MonkeyPatch, *options: str
) -> TrajectoryHeader:
    """``carrel --model SCRIPT [options]`` builds the desk; its task runs through the app's own services."""
    started: list[CarrelApp] = []
    monkeypatch.setattr(CarrelApp, "run", lambda app, *args, **kwargs: started.append(app))
    assert main(["--model", script, *options]) == 0
    services = started[0].services
    for _event in services.run_task(QUESTION, previous=None, should_cancel=lambda: False):
        pass
    return newest_header(home.trajectories_dir)


def comparable(header: TrajectoryHeader) -> dict[str, Any]:
    """What must agree; document counts differ (eval indexes its own corpus), the rest may not."""
    return header.model_dump(include={"model_id", "model_sha256", "prompt_version", "settings"})


def test_ask_eval_and_the_desk_run_with_the_same_settings_from_the_same_config(
    home: CarrelHome, script: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from_ask = header_from_ask(home, script)
    from_eval = header_from_eval(script, tmp_path)
    from_desk = header_from_desk(home, script, monkeypatch)

    # 'auto' is recorded as the mode it resolved to: free, for a scripted model.
    expected = AgentSettings.model_validate({**CONFIG.settings, "decisions": "free"}).model_dump(mode="json")
    assert from_ask.settings == expected
    assert comparable(from_ask) == comparable(from_eval) == comparable(from_desk)
    assert from_desk.model_sha256 is not None, "the desk records which model file it ran, as ask does"


def test_command_line_options_override_the_config_alike_in_ask_and_the_desk(
    home: CarrelHome, script: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from_ask = header_from_ask(home, script, *OPTIONS)
    from_desk = header_from_desk(home, script, monkeypatch, *OPTIONS)

    assert from_ask.settings == from_desk.settings
    assert (from_ask.settings["max_steps"], from_ask.settings["question_search"]) == (5, True)
    assert from_ask.settings["token_budget"] == 9_000, "keys the options leave alone keep the config's value"


def test_eval_names_every_setting_that_is_not_the_default(
    home: CarrelHome, script: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "eval-out"
    main(["eval", "python-reference", "--case", "none-capital", "--model", script, "--out", str(out), "--max-steps", "5"])  # fmt: skip
    settings_line = next(
        line for line in capsys.readouterr().err.splitlines() if line.startswith("settings:")
    )
    assert "max_steps=5 (--max-steps)" in settings_line
    assert "max_searches=0 (config)" in settings_line and "question_search=False (config)" in settings_line


def test_an_option_the_settings_refuse_is_named() -> None:
    with pytest.raises(SettingsError, match="--max-steps"):
        resolve_settings(CONFIG, {"max_steps": 0})


def test_the_settings_form_keeps_the_config_keys_it_does_not_show() -> None:
    from tui.desk.screens.settings import form_to_config

    form = {"model": "", "max_steps": "7", "max_searches": "", "token_budget": "9000", "time_limit_s": "99"}
    saved = form_to_config(form, CONFIG)
    assert saved.settings == {
        "max_steps": 7,
        "token_budget": 9_000,
        "time_limit_s": 99.0,
        "question_search": False,
    }


@pytest.mark.parametrize("command", ["ask", "eval", "desk"])
def test_every_user_setting_is_an_option_of_ask_eval_and_the_desk(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    usage = capsys.readouterr().out
    assert all(setting.flag in usage for setting in USER_SETTINGS), usage


def test_a_choice_setting_becomes_an_option_with_its_choices() -> None:
    """The coming ``decisions = auto|choices|free`` needs only its USER_SETTINGS line: a Literal field is a choice."""
    field = FieldInfo.from_annotated_attribute(Literal["auto", "choices", "free"], "auto")
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--decisions", default=None, **option_kind(UserSetting("decisions", "who decides"), field)
    )
    assert parser.parse_args(["--decisions", "free"]).decisions == "free"
    assert parser.parse_args([]).decisions is None
    with pytest.raises(SystemExit):
        parser.parse_args(["--decisions", "sometimes"])
