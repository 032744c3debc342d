"""How many threads llama.cpp uses, and how its threads wait: sized for the cores that are free right now.

llama.cpp splits every operation of a forward pass across its threads, which meet at a barrier after each
one (hundreds of times per token). When another program holds one of the cores, the thread the scheduler
has set aside stalls every barrier until it runs again, while its partner spins waiting for it. Measured
on 2 cores with a busy process beside it, two threads generated 7x slower than one (400 vs 58 ms/token);
with two busy processes, 24x (3000 vs 126 ms/token). So:

- the thread count is the cores other processes left free since the last reading (``FreeCores``), chosen
  before each call and re-chosen as it goes on, never more than the settings allow; when none is free, prompts
  are evaluated on every thread the settings allow (``prompt_threads_for``);
- a waiting thread spins only briefly before it sleeps (``bound_spin_waiting``), so a thread that waits
  does not take the CPU from the one it waits for, or from the user's other programs.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from pathlib import Path

PROC_STAT = Path("/proc/stat")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
# Fields of /proc/stat's "cpu" line that no process used: idle and iowait.
_IDLE_FIELDS = (3, 4)
# /proc/stat counts in 10 ms ticks: over a shorter window a reading says too little to act on.
MIN_WINDOW_S = 0.25
# A core counts as free when other processes use less than this much of it.
FREE_CORE_SLACK = 0.25
# libgomp's spin budget before a waiting thread sleeps. Its default (300,000 spins, about a millisecond) is
# tuned for a machine the program has to itself; a few microseconds covers an even split of the work.
SPIN_COUNT = "10000"


def bound_spin_waiting() -> None:
    """Bound how long llama.cpp's OpenMP threads spin before sleeping, unless the user chose a policy.

    Must run before ``llama_cpp`` is first imported: libgomp reads these variables once, when loaded.
    """
    if "OMP_WAIT_POLICY" not in os.environ:
        os.environ.setdefault("GOMP_SPINCOUNT", SPIN_COUNT)


def busy_cpu_seconds() -> float | None:
    """CPU seconds all cores have spent busy since boot, or None where /proc/stat is missing."""
    try:
        with PROC_STAT.open() as stat:
            fields = stat.readline().split()[1:9]  # guest time is already inside user time
    except OSError:
        return None
    busy = sum(int(field) for index, field in enumerate(fields) if index not in _IDLE_FIELDS)
    return busy / CLOCK_TICKS


def threads_for(free_cores: float, most: int) -> int:
    """Threads for ``free_cores`` free cores: one per core that is (nearly) free, at least one, at most ``most``."""
    return max(1, min(most, math.floor(free_cores + FREE_CORE_SLACK)))


def prompt_threads_for(free_cores: float, most: int, contend: bool = True) -> int:
    """Threads for evaluating a prompt: as for generation while a core is free; all ``most`` when none is.

    Beside programs that use every core, the scheduler shares time between runnable threads, so one thread gets
    a small slice (a third of two cores beside two busy processes) and more threads win more. Generating a token
    is hundreds of tiny operations, each ending at a barrier where a descheduled thread stalls the rest, so it
    stays on one thread; a prompt's operations are large, and lose little at their barriers. On 2 cores beside
    two busy processes, a 1,300-token prompt took 11.9 s on two threads against 15.7 s on one (one busy process:
    10.4 s either way, and whole questions were faster on one thread, so a free core keeps the rule above).
    """
    if contend and free_cores + FREE_CORE_SLACK < 1:
        return max(1, most)
    return threads_for(free_cores, most)


class FreeCores:
    """Cores that other processes left free since the previous reading: all cores minus their CPU use.

    Their use is the machine's busy time less this process's own (all its threads, llama.cpp's included)
    over the wall time between readings, so the model's own work never counts against it.
    """

    def __init__(
        self,
        cores: int,
        *,
        machine_busy: Callable[[], float | None] = busy_cpu_seconds,
        own_cpu: Callable[[], float] = time.process_time,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.cores = cores
        self._machine_busy = machine_busy
        self._own_cpu = own_cpu
        self._clock = clock
        self._last = (clock(), machine_busy(), own_cpu())
        self._free = float(cores)

    def free(self) -> float:
        """Free cores over the window since the last reading; the previous figure if that window is short."""
        now = self._clock()
        if now - self._last[0] < MIN_WINDOW_S:
            return self._free
        reading = (now, self._machine_busy(), self._own_cpu())
        last_busy, busy = self._last[1], reading[1]
        if last_busy is not None and busy is not None:
            others = (busy - last_busy) - (reading[2] - self._last[2])
            self._free = min(float(self.cores), max(0.0, self.cores - others / (now - self._last[0])))
        self._last = reading
        return self._free
