"""What the advice's numbers are, how they are shown, and how big a difference must be to matter.

Every figure the advice gives (an alternative's ``value``, and its named figures such as
``p_hit``) is of one *kind*: points, a chance, bits, a count... The kind fixes how the
figure is written everywhere it appears — the `stich hint` table, the reason sentence,
`stich live` — so that the three agree digit for digit (`shown`), and the *smallest
difference that matters* for it: below that, two choices are as good as each other to
a player at the table, however many worlds were sampled. The table of them is in
``docs/advice.md``.

"Clearly best" (`Advice.separated`) is one rule, `clearly_ahead`: the paired difference
between the best and the second over the same worlds is significant at 95 % (Student's
t, two-sided) **and** at least the smallest difference that matters. Exact figures
(every hand open, nothing sampled) need only the second. `stich analyze` calls a choice
"unlucky" or a "mistake" only for a cost that `matters`.

A value is "more is better" for every decision; a player of 24 reads its value, "points off
your score", the other way round, as the change of the score it is (lower is better):
`TURNED` names such values and `read` gives the figure the player reads.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "BITS",
    "CHANCE",
    "COUNT",
    "Kind",
    "POINTS",
    "SHARE",
    "STRENGTH",
    "TRICKS",
    "TURNED",
    "clearly_ahead",
    "clearly_ahead_exact",
    "figure_kind",
    "matters",
    "read",
    "shown",
    "shown_error",
    "shown_signed",
    "t95",
    "value_kind",
]


@dataclass(frozen=True)
class Kind:
    """One kind of figure: how it is written (``decimals``; ``percent``: as a percentage of 1)
    and the smallest difference between two choices that matters (in the figure's own units).
    ``chance``: the figure is a probability or a share, always within [0, 1]. ``unit``: the word
    after a difference of it ("+0.12 points"; none for a percentage)."""

    name: str
    decimals: int
    smallest: float
    percent: bool = False
    chance: bool = False
    unit: str = ""


POINTS = Kind("points", 2, 0.1, unit="points")
"""Points of a game's score (expected points, round points, trick points): a tenth of a point."""
TRICKS = Kind("tricks", 2, 0.1, unit="tricks")
"""Expected tricks: a tenth of a trick."""
CHANCE = Kind("chance", 0, 0.02, percent=True, chance=True)
"""A probability (to hit the bid, to solve now, to make the task): two points of a chance."""
SHARE = Kind("share", 0, 0.02, percent=True, chance=True)
"""A share (of two-card tricks won, of the other players): two points of the share."""
BITS = Kind("bits", 2, 0.01, unit="bits")
"""Information, in bits: a hundredth of a bit."""
STRENGTH = Kind("strength", 2, 0.02)
"""Was sticht?'s draft score, strength plus (or minus) a tenth per bit: two points of strength."""
COUNT = Kind("count", 0, 1.0)
"""A whole number (a chip's value, targets in reach, a bid; ``forced``: 1 where a Was sticht? task
can be made against any play, a certainty, else 0): one."""

VALUE_KINDS: dict[str, Kind] = {
    "expected points": POINTS,
    "expected points of the best bid": POINTS,
    "points off your score": POINTS,
    "points": POINTS,
    "trick points and information": POINTS,
    "expected tricks": TRICKS,
    "chance to hit the bid": CHANCE,
    "chance to win": CHANCE,
    "chance to solve now": CHANCE,
    "keeps the task forceable": CHANCE,
    "forceable against everyone": CHANCE,
    "strength and information": STRENGTH,
    "strength under the trumps played for": SHARE,
    "strength under the true trumps": SHARE,
    "targets kept in reach (a task made while its owner fails)": COUNT,
    "chip value": COUNT,
    "the only choice": COUNT,
}
"""The kind of each decision's ``value``, by the name `Advice.value_name` gives it."""

FIGURE_KINDS: dict[str, Kind] = {
    "p_hit": CHANCE,
    "p_win": CHANCE,
    "points": POINTS,
    "p_made": CHANCE,
    "p_discard": CHANCE,
    "forced": COUNT,
    "no_single_spoiler": SHARE,
    "strength": SHARE,
    "strength_spread": SHARE,
    "bits_gained": BITS,
    "bits_given": BITS,
    "trick_points": POINTS,
    "chip_value": COUNT,
    "targets": COUNT,
    "best_bid": COUNT,
    "most": COUNT,
    "tricks": TRICKS,
}
"""The kind of each named figure an alternative carries."""

TURNED: dict[str, str] = {"points off your score": "your score"}
"""Values a player reads the other way round, by name, and what the player reads instead: 24's
"points off your score" (minus the round's points, so that more is better, as for every value)
is read as the change of the seat's score this round, lower is better (the rulebook's
scoring: each trick won takes its value off the score). The `stich hint` table, the reason
and the JSON's ``score`` all give that change (`read`)."""

NUMBER = Kind("number", 2, 0.01)
"""A figure of no registered kind: two decimals."""


def value_kind(value_name: str) -> Kind:
    """The kind of a decision's ``value``, from its name."""
    return VALUE_KINDS.get(value_name, NUMBER)


def figure_kind(name: str) -> Kind:
    """The kind of a named figure (``p_hit``, ``bits_gained``, ...)."""
    return FIGURE_KINDS.get(name, NUMBER)


def shown(kind: Kind, x: float) -> str:
    """The figure as the table and the reason write it ("0.09", "72%", "–" for none)."""
    if not math.isfinite(x):
        return "–"
    text = f"{100 * x if kind.percent else x:.{kind.decimals}f}"
    if text.startswith("-") and float(text) == 0:
        text = text[1:]  # no "-0.00"
    return text + ("%" if kind.percent else "")


def shown_signed(kind: Kind, x: float) -> str:
    """The figure as `shown` writes it, with a plus sign when it is above zero ("+0.12", "-3.00",
    "0.00"): a difference, or a change of a score."""
    text = shown(kind, x)
    if math.isfinite(x) and not text.startswith("-") and float(text.rstrip("%")) != 0:
        return "+" + text
    return text


def read(value_name: str, x: float) -> float:
    """A value as a player reads it: minus the value where `TURNED` names it (24's change of the
    score), else the value itself."""
    return 0.0 - x if value_name in TURNED else x


def shown_error(kind: Kind, se: float) -> str:
    """A standard error in the figure's units, one decimal finer than the figure ("0.05", "3.1%")."""
    if kind.percent:
        return f"{100 * se:.{kind.decimals + 1}f}%"
    return f"{se:.{kind.decimals + 1 if kind.decimals < 2 else kind.decimals}f}"


def matters(kind: Kind, difference: float) -> bool:
    """Whether a difference (best minus another) is at least the smallest that matters."""
    return difference >= kind.smallest - 1e-12


_T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
"""Student's t, two-sided 95 %, for 1 to 30 degrees of freedom."""


def t95(df: int) -> float:
    """The two-sided 95 % point of Student's t with ``df`` degrees of freedom (past 30, the
    Cornish-Fisher expansion around the normal's 1.96, within 0.001)."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, got {df}")
    if df <= len(_T95):
        return _T95[df - 1]
    z = 1.959964
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


SIGN_TEST_WORLDS = 6
"""Worlds that all agree needed before a difference with no spread counts as significant: the
sign test's two-sided p is 2 × 0.5^n, below 0.05 from six on."""


def clearly_ahead(kind: Kind, differences: Sequence[float]) -> bool:
    """Whether the best is clearly ahead of the second, from their paired differences over the
    same sampled worlds: the mean difference is at least the smallest that matters and
    significantly above zero at 95 % (Student's t; when every world gives the same
    difference, the sign test: `SIGN_TEST_WORLDS` worlds)."""
    n = len(differences)
    if n < 2:
        return False
    mean = sum(differences) / n
    if not matters(kind, mean):
        return False
    var = sum((d - mean) ** 2 for d in differences) / (n - 1)
    se = math.sqrt(var / n)
    if se <= 1e-12:
        return n >= SIGN_TEST_WORLDS
    return mean / se > t95(n - 1)


def clearly_ahead_exact(kind: Kind, difference: float) -> bool:
    """Whether an exact figure (nothing sampled) puts the best clearly ahead of the second."""
    return matters(kind, difference)
