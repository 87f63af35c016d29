"""Recalibration maps: a chance the advice reckons, mapped to how often such a chance came true.

Where a chance's model misses something it cannot see (Was sticht?'s play-outs have the
others make their tasks more often than players do, so the dealer's chance to catch a task
is claimed too low), the chance shown is the model's chance passed through a map fitted on
self-play: claims against outcomes (`bench/calibration.py --claims`), fitted by
`bench/fit_chance_maps.py` and shipped in ``chance_maps.json``, validated on seeds not
fitted on (docs/strength.md, "Calibration").

A map is isotonic: the claims sorted, adjacent groups pooled until the share that came true
does not fall as the claim rises (pool adjacent violators), each group at least
``least`` claims. Each group becomes a knot at its mean claim whose value is the share that
came true, shrunk towards the group's mean claim by ``prior`` claims' weight (a Beta prior
centred on the model's own chance: a group of few claims moves the chance little). Between
knots the map is linear; below the first knot and above the last it keeps the first and last
knot's difference from the claim, clamped to [0, 1]; the chance 0 and 1 are kept where the
model is certain (`ChanceMap.keeps_certain`). The map never decreases, so the order of the
choices (by the chance, times a value the same for each) is the model's.
"""

from __future__ import annotations

import json
import os
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypedDict

__all__ = ["MAPS_FILE", "ChanceMap", "ChanceMapJson", "chance_map", "fit_map", "load_maps"]

MAPS_FILE = "chance_maps.json"
"""The maps shipped, by key (``game/claim``), beside this module."""


class ChanceMapJson(TypedDict):
    """A `ChanceMap` in ``chance_maps.json``."""

    xs: list[float]
    ys: list[float]
    keeps_certain: bool
    fitted: str


@dataclass(frozen=True)
class ChanceMap:
    """A monotone piecewise-linear map of a claimed chance (knots ``xs`` ascending, values ``ys``
    non-decreasing); ``keeps_certain``: 0 and 1 map to themselves (a chance the model can only
    claim where it is sure); ``fitted``: what it was fitted on (claims, seeds, command)."""

    xs: tuple[float, ...]
    ys: tuple[float, ...]
    keeps_certain: bool = False
    fitted: str = ""

    def __post_init__(self) -> None:
        if len(self.xs) != len(self.ys) or not self.xs:
            raise ValueError("a chance map needs as many values as knots, at least one")
        if any(b < a for a, b in zip(self.xs, self.xs[1:], strict=False)):
            raise ValueError("a chance map's knots must ascend")
        if any(b < a for a, b in zip(self.ys, self.ys[1:], strict=False)):
            raise ValueError("a chance map must not decrease")

    def __call__(self, p: float) -> float:
        if self.keeps_certain and p in (0.0, 1.0):
            return p
        xs, ys = self.xs, self.ys
        if p <= xs[0]:
            q = p + ys[0] - xs[0]
        elif p >= xs[-1]:
            q = p + ys[-1] - xs[-1]
        else:
            i = bisect_right(xs, p) - 1
            span = xs[i + 1] - xs[i]
            t = (p - xs[i]) / span if span > 0 else 0.0
            q = ys[i] + t * (ys[i + 1] - ys[i])
        return min(1.0, max(0.0, q))

    def to_json(self) -> ChanceMapJson:
        return {
            "xs": [round(x, 6) for x in self.xs],
            "ys": [round(y, 6) for y in self.ys],
            "keeps_certain": self.keeps_certain,
            "fitted": self.fitted,
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> ChanceMap:
        return cls(
            tuple(float(x) for x in raw["xs"]),
            tuple(float(y) for y in raw["ys"]),
            bool(raw.get("keeps_certain", False)),
            str(raw.get("fitted", "")),
        )


def fit_map(
    claims: Sequence[tuple[float, bool]],
    least: int = 30,
    prior: float = 4.0,
    keeps_certain: bool = False,
    fitted: str = "",
) -> ChanceMap:
    """The isotonic map of (claimed, happened) pairs (module docstring): groups of at least
    ``least`` claims (the last group may be pooled into the one before), each shrunk towards
    its mean claim by ``prior`` claims' weight. With ``keeps_certain`` the claims of exactly 0
    and 1 are left out of the fit (the map keeps them)."""
    pairs = sorted((float(c), float(h)) for c, h in claims if not (keeps_certain and c in (0.0, 1.0)))
    if not pairs:
        raise ValueError("no claims to fit a chance map on")
    # first cut: runs of at least `least` claims (equal claims kept together)
    groups: list[list[float]] = []  # [count, sum claimed, sum happened]
    last = -1.0
    for c, h in pairs:
        if groups and (groups[-1][0] < least or c == last):
            g = groups[-1]
            g[0] += 1
            g[1] += c
            g[2] += h
        else:
            groups.append([1, c, h])
        last = c
    if len(groups) > 1 and groups[-1][0] < least:
        tail = groups.pop()
        for k in range(3):
            groups[-1][k] += tail[k]

    def value(g: list[float]) -> float:
        return (g[2] + prior * g[1] / g[0]) / (g[0] + prior)

    # pool adjacent violators
    stack: list[list[float]] = []
    for g in groups:
        stack.append(list(g))
        while len(stack) > 1 and value(stack[-2]) >= value(stack[-1]):
            top = stack.pop()
            for k in range(3):
                stack[-1][k] += top[k]
    xs = tuple(g[1] / g[0] for g in stack)
    ys = tuple(value(g) for g in stack)
    return ChanceMap(xs, ys, keeps_certain, fitted)


def load_maps(path: Path | None = None) -> dict[str, ChanceMap]:
    """The maps of a file of them (by default the one shipped), by key."""
    file = path or Path(__file__).with_name(MAPS_FILE)
    if not file.exists():
        return {}
    raw = json.loads(file.read_text(encoding="utf-8"))
    return {key: ChanceMap.from_json(value) for key, value in raw.get("maps", {}).items()}


@cache
def _shipped() -> dict[str, ChanceMap]:
    return load_maps()


def chance_map(key: str) -> ChanceMap | None:
    """The shipped map of ``key`` (``game/claim``, e.g. ``was-sticht/dealer``), None where the
    model's chance is shown as it is (and with the environment variable ``STICH_NO_CHANCE_MAPS``
    set: the model's own chance, as `bench/fit_chance_maps.py` fits on)."""
    if os.environ.get("STICH_NO_CHANCE_MAPS"):
        return None
    return _shipped().get(key)
