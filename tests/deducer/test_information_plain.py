"""The information measure without numpy (a hint's small spaces) agrees with the numpy one."""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
from collections.abc import Callable
from functools import partial

import numpy as np
import pytest

from stich.deducer.hypotheses import consistent_brute_force, members
from stich.deducer.information import (
    InformationReport,
    expected_entropies,
    expected_entropies_plain,
    information,
)
from stich.games.record import simulate
from tests.deducer.test_information import draft_views, turn_to_play


def random_posterior(rng: random.Random, size: int) -> list[float]:
    """Uneven weights over a random subset of ``size`` hypotheses (at least one), summing to 1."""
    raw = [rng.random() if rng.random() < 0.7 else 0.0 for _ in range(size)]
    raw[rng.randrange(size)] = rng.random() + 0.01
    total = sum(raw)
    return [x / total for x in raw]


@pytest.mark.parametrize("seed", range(40))
def test_plain_expected_entropies_agree_with_numpy_on_random_evidence(seed: int) -> None:
    rng = random.Random(seed)
    size = rng.randint(1, 40)
    count = rng.randint(1, 120)
    positions = rng.randint(1, 5)
    wins = [[rng.randrange(positions) for _ in range(count)] for _ in range(size)]
    array = np.array(wins, dtype=np.int64)
    finder = random_posterior(rng, size)
    plain, _ = expected_entropies_plain(wins, finder, None, [])
    assert plain == pytest.approx(expected_entropies(array, np.array(finder), None, [])[0], abs=1e-9)
    secret = rng.randrange(size)
    audience = [random_posterior(rng, size) for _ in range(rng.randint(0, 3))]
    mean, seats = expected_entropies_plain(wins, None, secret, audience)
    want_mean, want_seats = expected_entropies(array, None, secret, [np.array(w) for w in audience])
    assert mean == pytest.approx(want_mean, abs=1e-9)
    assert seats == pytest.approx(want_seats, abs=1e-9)


Compute = Callable[[], InformationReport]


def both_ways(
    monkeypatch: pytest.MonkeyPatch, compute: Compute
) -> tuple[InformationReport, InformationReport]:
    """The report computed in plain Python and with numpy (every size counted large)."""
    module = importlib.import_module("stich.deducer.information")
    plain = compute()
    with monkeypatch.context() as patched:
        patched.setattr(module, "LARGE", -1)
        arrays = compute()
    return plain, arrays


def assert_same(plain: InformationReport, arrays: InformationReport) -> None:
    assert (plain.mode, plain.audience, plain.completions, plain.exact) == (
        arrays.mode,
        arrays.audience,
        arrays.completions,
        arrays.exact,
    )
    assert plain.current_entropy == pytest.approx(arrays.current_entropy, abs=1e-9)
    assert [c.card for c in plain.candidates] == [c.card for c in arrays.candidates]
    for a, b in zip(plain.candidates, arrays.candidates, strict=True):
        assert a.expected_entropy == pytest.approx(b.expected_entropy, abs=1e-9)
        assert a.by_seat.keys() == b.by_seat.keys()
        assert list(a.by_seat.values()) == pytest.approx(list(b.by_seat.values()), abs=1e-9)


def test_stich_fuer_stich_reports_agree_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    modes = set()
    for seed in range(3):
        record = simulate("stich-fuer-stich", 4, seed)
        for seat in range(4):
            for nth in (1, 3):
                ev = turn_to_play(record, seat, nth)
                for how in ("exact", "sample"):
                    plain, arrays = both_ways(
                        monkeypatch,
                        lambda ev=ev, how=how, seed=seed: information(ev, how, samples=200, seed=seed),
                    )
                    assert_same(plain, arrays)
                    modes.add(plain.mode)
    assert modes == {"finder", "hider"}


def test_was_sticht_reports_agree_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    for ev in draft_views(12, 3):
        plain, arrays = both_ways(monkeypatch, partial(information, ev))
        assert_same(plain, arrays)


def test_a_hint_sized_stich_fuer_stich_measure_loads_no_numpy() -> None:
    code = """
import sys
from dataclasses import replace
from stich.deducer.hypotheses import evidence
from stich.deducer.information import information
from stich.games.record import simulate
from stich.games.views import seat_view
record = simulate("stich-fuer-stich", 4, 2)
view = seat_view(record, 1)
turns = [i for i, e in enumerate(view.events) if e.get("seat") == 1 and "play" in e]
sizes = [
    information(evidence(replace(view, events=view.events[:at])), "sample", samples=400, seed=1).completions
    for at in turns[:4]
]
assert 400 in sizes, sizes
print("numpy" in sys.modules)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_a_finders_prior_is_kept_to_its_possible_pairs_and_weighs_the_bits() -> None:
    """``prior``: the uniform prior gives the report without one; a prior sure of one possible pair
    leaves nothing to learn; weight outside the pairs the clues allow is dropped."""
    record = simulate("stich-fuer-stich", 3, 4)
    ev = next(
        turn_to_play(record, seat, 2)
        for seat in range(3)
        if information(turn_to_play(record, seat, 2)).mode == "finder"
    )
    plain = information(ev, "sample", samples=200, seed=1)
    size = ev.space.size
    uniform = information(ev, "sample", samples=200, seed=1, prior=[1.0] * size)
    assert uniform.current_entropy == pytest.approx(plain.current_entropy)
    for a, b in zip(uniform.candidates, plain.candidates, strict=True):
        assert a.expected_entropy == pytest.approx(b.expected_entropy)
    allowed = members(consistent_brute_force(ev.space, ev.clues_for()))
    assert len(allowed) > 1
    sure = [0.0] * size
    sure[allowed[0]] = 1.0
    outside = [h for h in range(size) if h not in allowed]
    for h in outside:
        sure[h] = 5.0  # ruled out by the clues: dropped
    report = information(ev, "sample", samples=200, seed=1, prior=sure)
    assert report.current_entropy == pytest.approx(0.0)
    assert all(c.expected_entropy == pytest.approx(0.0) for c in report.candidates)
