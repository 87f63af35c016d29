"""What the solver benchmarks share: a nearest-rank percentile, a strain's next guess, and one
question timed on the compiled kernel and on the pure-Python search with the answers checked
equal."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from stich.solvers.position import Position
from stich.solvers.solver import Solver


def strain_guess(found: dict[int, int], cards: int) -> int | None:
    """The first guess of a strain's next leader, as DDS's table makes it: the value found for its
    partner (``found``: by leader), else the cards less the last value found (the other side's
    tricks); None for the first leader."""
    if not found:
        return None
    leader = max(found) + 1
    if leader - 2 in found:
        return found[leader - 2]
    return cards - found[max(found)]


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def kernel_and_python(
    name: str,
    questions: Sequence[tuple[Position, Callable[[Position], Any], Callable[[Solver], Any]]],
    python_count: int,
) -> tuple[list[float], list[float]]:
    """Seconds per question through ``ask`` (the fast path), and through ``plain`` on a new
    pure-Python solver for the first ``python_count`` questions; exits if an answer differs."""
    fast: list[float] = []
    answers: list[Any] = []
    for pos, ask, _ in questions:
        t0 = time.perf_counter()
        answers.append(ask(pos))
        fast.append(time.perf_counter() - t0)
    slow: list[float] = []
    for (pos, _, plain), answer in zip(questions[:python_count], answers, strict=False):
        t0 = time.perf_counter()
        expected = plain(Solver(pos, kernel=False))
        slow.append(time.perf_counter() - t0)
        if expected != answer:
            raise SystemExit(f"{name}: the kernel's answer differs from the Python search's")
    return fast, slow
