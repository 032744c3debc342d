"""CI-sized crash proof: ``kill -9`` of ``carrel index`` at three random moments of a real incremental run.

After each kill the index must open, hold exactly its previous commit or the new one, answer a search, and the
next run must complete and match a clean build. ``bench/reliability.py`` runs the same scenario 20+ times.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tests.reliability.crash import IndexKillScenario, KillOutcome

pytestmark = pytest.mark.slow

KILLS = 3
FILES = 300


def stratified_delays(rng: random.Random, span_s: float, count: int) -> list[float]:
    """One random moment in each of ``count`` equal slices of 10-90% of the run, so early, middle and late
    phases (start-up, reading, writing, commit) all get a kill."""
    low, width = 0.1 * span_s, 0.8 * span_s / count
    return [low + width * (slot + rng.random()) for slot in range(count)]


def test_index_survives_kill_9_at_random_moments(tmp_path: Path) -> None:
    seed = int(os.environ.get("CARREL_KILL_SEED", random.SystemRandom().randrange(1 << 30)))
    scenario = IndexKillScenario(tmp_path, FILES, seed)
    assert scenario.state_a != scenario.state_b
    span = scenario.full_run_seconds()
    outcomes = [
        kill_landing(scenario, delay) for delay in stratified_delays(random.Random(seed), span, KILLS)
    ]
    report = f"seed {seed} (rerun with CARREL_KILL_SEED={seed}), full run {span:.2f} s: {outcomes}"
    assert all(outcome.killed and outcome.survived for outcome in outcomes), report
    # Extraction workers, the fork server and the resource tracker all exit by themselves once the
    # indexing process is gone (crash.STRAY_GRACE_S allows for a loaded machine).
    assert all(outcome.orphans == 0 for outcome in outcomes), report


def kill_landing(scenario: IndexKillScenario, delay_s: float) -> KillOutcome:
    """A kill that really lands: on a busy machine a run can end before its moment, so retry it earlier."""
    outcome = scenario.kill_once(delay_s)
    for _ in range(4):
        if outcome.killed:
            break
        outcome = scenario.kill_once(outcome.delay_s / 2)
    return outcome
