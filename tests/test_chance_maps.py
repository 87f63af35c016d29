"""The recalibration maps of the chances shown (`hints.chance_maps`)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from stich.hints import chance_maps
from stich.hints.chance_maps import ChanceMap, chance_map, fit_map, load_maps


def test_a_map_interpolates_between_knots_and_keeps_its_offset_outside() -> None:
    m = ChanceMap((0.1, 0.5), (0.2, 0.4))
    assert m(0.1) == pytest.approx(0.2)
    assert m(0.3) == pytest.approx(0.3)  # halfway between the knots
    assert m(0.5) == pytest.approx(0.4)
    assert m(0.0) == pytest.approx(0.1)  # below the first knot: its offset (+0.1)
    assert m(0.9) == pytest.approx(0.8)  # above the last: its offset (-0.1)
    assert ChanceMap((0.5,), (0.9,))(0.8) == 1.0  # clamped


def test_a_map_that_keeps_certain_claims_leaves_0_and_1() -> None:
    m = ChanceMap((0.1, 0.9), (0.3, 0.8), keeps_certain=True)
    assert m(0.0) == 0.0 and m(1.0) == 1.0
    assert m(0.05) == pytest.approx(0.25)


def test_a_decreasing_map_is_refused() -> None:
    with pytest.raises(ValueError):
        ChanceMap((0.1, 0.5), (0.4, 0.2))
    with pytest.raises(ValueError):
        ChanceMap((0.5, 0.1), (0.1, 0.2))


def test_the_fit_finds_the_true_rate_of_claims_that_are_too_low() -> None:
    rng = random.Random(3)
    claims = []
    for _ in range(4000):
        p = rng.random()
        truth = min(1.0, 0.1 + 0.9 * p)  # claims 0.1 too low at 0, right at 1
        claims.append((p, rng.random() < truth))
    m = fit_map(claims, least=200)
    assert all(b > a for a, b in zip(m.ys, m.ys[1:], strict=False))  # strictly rising
    for p in (0.05, 0.3, 0.6, 0.9):
        assert abs(m(p) - (0.1 + 0.9 * p)) < 0.06
    assert m(0.05) > 0.1  # lifted above the claim


def test_the_fit_pools_a_band_that_falls_and_shrinks_small_groups_to_the_claim() -> None:
    # 30 claims at 0.2 of which 20 came true, then 30 at 0.4 of which 3: one pooled group
    claims = [(0.2, k < 20) for k in range(30)] + [(0.4, k < 3) for k in range(30)]
    m = fit_map(claims, least=30, prior=0.0)
    assert len(m.xs) == 1
    assert m.xs[0] == pytest.approx(0.3) and m.ys[0] == pytest.approx(23 / 60)
    shrunk = fit_map([(0.2, True)] * 10, least=5, prior=10.0)
    assert shrunk.ys[0] == pytest.approx((10 + 10 * 0.2) / 20)


def test_maps_round_trip_through_their_file(tmp_path: Path) -> None:
    m = ChanceMap((0.01, 0.5), (0.1, 0.6), True, "test")
    path = tmp_path / "maps.json"
    path.write_text(json.dumps({"maps": {"g/c": m.to_json()}}), encoding="utf-8")
    assert load_maps(path) == {"g/c": m}
    assert load_maps(tmp_path / "none.json") == {}


def test_the_shipped_maps_rise_and_can_be_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = load_maps()
    assert "was-sticht/dealer" in shipped
    for m in shipped.values():
        assert all(b >= a for a, b in zip(m.ys, m.ys[1:], strict=False))
        assert m.fitted
    assert chance_map("was-sticht/dealer") == shipped["was-sticht/dealer"]
    monkeypatch.setenv("STICH_NO_CHANCE_MAPS", "1")
    assert chance_map("was-sticht/dealer") is None
    assert chance_maps.chance_map("no/such") is None
