"""Thread counts follow the cores other processes leave free; llama.cpp's spin-waits are bounded by default."""

from __future__ import annotations

import os

import pytest

from models.threads import (
    SPIN_COUNT,
    FreeCores,
    bound_spin_waiting,
    busy_cpu_seconds,
    prompt_threads_for,
    threads_for,
)


class FakeMachine:
    """A machine whose busy CPU seconds, this process's own CPU seconds and clock the test advances."""

    def __init__(self) -> None:
        self.busy = 1000.0
        self.own = 10.0
        self.now = 50.0

    def advance(self, seconds: float, *, others: float, own: float) -> None:
        """``seconds`` of wall time in which other processes used ``others`` cores and this one ``own``."""
        self.now += seconds
        self.own += own * seconds
        self.busy += (others + own) * seconds

    def meter(self, cores: int) -> FreeCores:
        return FreeCores(
            cores, machine_busy=lambda: self.busy, own_cpu=lambda: self.own, clock=lambda: self.now
        )


def test_an_idle_machine_has_every_core_free_even_while_this_process_works() -> None:
    machine = FakeMachine()
    meter = machine.meter(2)
    machine.advance(2.0, others=0.0, own=2.0)
    assert meter.free() == pytest.approx(2.0)


def test_a_busy_process_takes_its_core_away() -> None:
    machine = FakeMachine()
    meter = machine.meter(2)
    machine.advance(2.0, others=1.0, own=1.0)
    assert meter.free() == pytest.approx(1.0)
    machine.advance(1.0, others=2.0, own=0.0)
    assert meter.free() == pytest.approx(0.0)


def test_a_window_too_short_to_measure_keeps_the_last_figure() -> None:
    machine = FakeMachine()
    meter = machine.meter(2)
    machine.advance(1.0, others=1.0, own=0.5)
    assert meter.free() == pytest.approx(1.0)
    machine.advance(0.05, others=0.0, own=0.0)
    assert meter.free() == pytest.approx(1.0)


def test_without_proc_stat_every_core_counts_as_free() -> None:
    machine = FakeMachine()
    meter = FreeCores(4, machine_busy=lambda: None, own_cpu=lambda: machine.own, clock=lambda: machine.now)
    machine.advance(1.0, others=3.0, own=1.0)
    assert meter.free() == 4.0


def test_this_machine_reports_busy_time_that_only_grows() -> None:
    first = busy_cpu_seconds()
    if first is None:
        pytest.skip("no /proc/stat here")
    sum(range(200_000))
    second = busy_cpu_seconds()
    assert second is not None and second >= first


@pytest.mark.parametrize(
    ("free", "most", "threads"),
    [(2.0, 2, 2), (1.8, 2, 2), (1.5, 2, 1), (1.0, 2, 1), (0.0, 2, 1), (8.0, 4, 4), (3.9, 8, 4)],
)
def test_one_thread_per_nearly_free_core_at_least_one_at_most_the_setting(
    free: float, most: int, threads: int
) -> None:
    assert threads_for(free, most) == threads


@pytest.mark.parametrize(
    ("free", "most", "threads"),
    [(2.0, 2, 2), (1.0, 2, 1), (0.8, 2, 1), (0.7, 2, 2), (0.0, 2, 2), (0.0, 4, 4), (0.0, 1, 1), (3.9, 8, 4)],
)
def test_prompts_take_every_thread_when_no_core_is_free_and_follow_free_cores_otherwise(
    free: float, most: int, threads: int
) -> None:
    assert prompt_threads_for(free, most) == threads


def test_prompts_stay_on_one_thread_with_no_free_core_when_contending_is_off() -> None:
    assert prompt_threads_for(0.0, 2, contend=False) == 1


def test_spin_waits_are_bounded_unless_the_user_chose_a_policy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)
    monkeypatch.delenv("GOMP_SPINCOUNT", raising=False)
    bound_spin_waiting()
    assert os.environ["GOMP_SPINCOUNT"] == SPIN_COUNT
    monkeypatch.setenv("GOMP_SPINCOUNT", "5")
    bound_spin_waiting()
    assert os.environ["GOMP_SPINCOUNT"] == "5"
    monkeypatch.delenv("GOMP_SPINCOUNT")
    monkeypatch.setenv("OMP_WAIT_POLICY", "active")
    bound_spin_waiting()
    assert "GOMP_SPINCOUNT" not in os.environ
