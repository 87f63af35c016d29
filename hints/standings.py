"""The chance to win a game of Stiche-Raten or Wizard from its scores and the rounds left.

A model of how the standings end: one seat's points in a round of ``k`` cards a hand follow a
fitted distribution (`RoundPoints`, shipped in ``round_points.json``, fitted by
``bench/fit_round_points.py`` from whole games of the heuristic bot in every seat), the same for
every seat and independent of the seat, the other seats and the rounds before. A seat's final
score is its score now plus the sum of its points in the rounds left; the distribution of that
sum is the exact convolution of the rounds' distributions (`points_left`), the same for every
seat, and the seats' sums are independent. The chance that a seat finishes first, a tie for
the most points shared equally among the tied seats (`win_chances`), follows exactly from these
distributions: for each final score ``v`` of the seat, the others are all at most ``v`` and ``t``
of them equal to it with chances read off the product of one polynomial per other seat.

Exact rather than Monte Carlo: the distributions are small (a round's scores take at most a few
dozen values), a convolution of all the rounds left is a few thousand products, and the
answer has no sampling noise, so the chances that advice compares bid against bid differ by
the bids alone. What the model leaves out: that players play for the standings (the leader
safe, the trailer taking chances), that a seat's points in one round and the next are related
through its skill, and Stiche-Raten's extra rounds after a tie (a tie here is shared).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from stich.games.base import Game
from stich.games.errors import StichError
from stich.games.match import Match
from stich.games.registry import find

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "MODEL_FILE",
    "OBJECTIVE_WIN_NEEDS",
    "PointsDistribution",
    "RoundPoints",
    "Standings",
    "default_model",
    "model_key",
    "standings_of_match",
    "points_left",
    "win_chances",
]

MODEL_FILE = "round_points.json"
"""The fitted model, package data of ``stich.hints``."""

OBJECTIVE_WIN_NEEDS = (
    "--objective win needs the game's scores: give a whole game (a stich-match/1 record), "
    "or rank by --objective points"
)
"""The one-line error of ranking by the chance to win where the game's scores are not known."""

CHANCES_KEPT = 100_000
"""Chances remembered at most (`RoundPoints.chances`), then forgotten all at once."""


@dataclass(frozen=True)
class PointsDistribution:
    """A distribution over whole points: ``chances[i]`` is the chance of ``low + i`` points."""

    low: int
    chances: tuple[float, ...]

    @classmethod
    def of_counts(cls, counts: Mapping[int, float]) -> PointsDistribution:
        """From how often each score occurred (or its weight)."""
        if not counts or sum(counts.values()) <= 0:
            raise StichError("a points distribution needs at least one score that occurred")
        low, high = min(counts), max(counts)
        total = sum(counts.values())
        return cls(low, tuple(counts.get(p, 0) / total for p in range(low, high + 1)))

    def array(self) -> np.ndarray:
        import numpy as np  # where it is used: numpy is not needed to start the program

        return np.asarray(self.chances, dtype=float)

    def mean(self) -> float:
        return float(sum((self.low + i) * c for i, c in enumerate(self.chances)))


@dataclass(frozen=True)
class RoundPoints:
    """One seat's round points by game (``"wizard/4"``: game id and player count) and hand size."""

    models: Mapping[str, Mapping[int, PointsDistribution]]
    _left: dict[tuple[str, tuple[int, ...]], PointsDistribution] = field(
        default_factory=dict, compare=False, repr=False
    )
    _chances: dict[tuple[str, tuple[int, ...], int, tuple[int, ...]], float] = field(
        default_factory=dict, compare=False, repr=False
    )

    @classmethod
    def from_document(cls, document: Mapping[str, Any]) -> RoundPoints:
        """From the JSON of ``round_points.json``: per key, per hand size, the points that occurred
        and their counts."""
        models: dict[str, dict[int, PointsDistribution]] = {}
        for key, entry in document["models"].items():
            models[key] = {
                int(size): PointsDistribution.of_counts(
                    dict(zip(dist["points"], dist["counts"], strict=True))
                )
                for size, dist in entry["sizes"].items()
            }
        return cls(models)

    def round(self, key: str, size: int) -> PointsDistribution:
        """The distribution of one seat's points in a round of ``size`` cards a hand (``key``:
        `model_key`)."""
        sizes = self.models.get(key)
        if sizes is None:
            fitted = ", ".join(sorted(self.models))
            raise StichError(f"the chance to win has no model of {key} (fitted: {fitted})")
        if size not in sizes:
            raise StichError(f"the chance to win has no model of {key} rounds of {size} cards")
        return sizes[size]

    def left(self, key: str, sizes: tuple[int, ...]) -> PointsDistribution:
        """The distribution of one seat's points over rounds of ``sizes`` cards: the convolution
        of theirs (remembered: advice asks for the same rounds left again and again)."""
        found = self._left.get((key, sizes))
        if found is None:
            import numpy as np

            total, low = np.ones(1), 0
            for size in sizes:
                one = self.round(key, size)
                total = np.convolve(total, one.array())
                low += one.low
            found = PointsDistribution(low, tuple(float(c) for c in total))
            self._left[(key, sizes)] = found
        return found

    def chance(self, key: str, sizes: tuple[int, ...], scores: Sequence[int], seat: int) -> float:
        """``seat``'s chance to win from the scores, rounds of ``sizes`` cards left (remembered by
        the scores' differences to the seat's: a bid's play-outs end in the same few standings
        again and again)."""
        relative = tuple(s - scores[seat] for s in scores)
        found = self._chances.get((key, sizes, seat, relative))
        if found is None:
            if len(self._chances) >= CHANCES_KEPT:
                self._chances.clear()
            found = _chance(seat, relative, self.left(key, sizes))
            self._chances[(key, sizes, seat, relative)] = found
        return found

    def chance_alone(
        self, key: str, size: int, sizes: tuple[int, ...], scores: Sequence[int], seat: int
    ) -> float:
        """``seat``'s chance to win when its score after the current round (of ``size`` cards) is
        known and the others' are not: ``scores`` holds the seat's score after the round and the
        others' before it, whose points this round follow the model as in the rounds left."""
        relative = tuple(s - scores[seat] for s in scores)
        # Kept apart from `chance`'s answers by the hand size before the rounds left (-size).
        kept = (key, (-size, *sizes), seat, relative)
        found = self._chances.get(kept)
        if found is None:
            if len(self._chances) >= CHANCES_KEPT:
                self._chances.clear()
            found = _chance(seat, relative, self.left(key, sizes), self.left(key, (size, *sizes)))
            self._chances[kept] = found
        return found


def model_key(game: Game) -> str:
    """The model's key for a game (`Game.points_model`: its id and player count, for the options
    the model is fitted with); a game or options without one are refused in one line."""
    key = game.points_model()
    if key is None:
        raise StichError(
            f"the chance to win has no model of {game.title} with these options (modelled: Stiche-Raten "
            "with standard scoring and bids in turn, Wizard's 56-card edition)"
        )
    return key


@cache
def default_model() -> RoundPoints:
    """The shipped model (read once, on first use)."""
    text = resources.files("stich.hints").joinpath(MODEL_FILE).read_text(encoding="utf-8")
    return RoundPoints.from_document(json.loads(text))


def points_left(
    game: Game, rounds_left: Sequence[int], model: RoundPoints | None = None
) -> PointsDistribution:
    """The distribution of one seat's points over the rounds left (their hand sizes), the rounds
    independent: the convolution of their distributions (a sure 0 with none left)."""
    return (model or default_model()).left(model_key(game), tuple(rounds_left))


def win_chances(
    game: Game,
    scores_after_round: Sequence[int],
    rounds_left: Sequence[int],
    model: RoundPoints | None = None,
) -> list[float]:
    """Each seat's chance to finish the game first, from every seat's score after the current
    round and the hand sizes of the rounds still to play (none: the game is over). A tie for
    the most points is shared: each of ``t`` tied seats counts ``1 / t`` of a win. The chances
    add up to 1.

    Exact under the model (module docstring): the seats' points in the rounds left are
    independent, each the convolution of the fitted round distributions (`points_left`)."""
    n = game.players
    if len(scores_after_round) != n:
        raise StichError(f"{len(scores_after_round)} scores for {n} players: give one score a seat")
    model = model or default_model()
    key, sizes, scores = model_key(game), tuple(rounds_left), [int(s) for s in scores_after_round]
    return [model.chance(key, sizes, scores, seat) for seat in range(n)]


def _chance(
    seat: int, scores: Sequence[int], mine: PointsDistribution, theirs: PointsDistribution | None = None
) -> float:
    """``seat``'s chance to win from the scores: its points to come follow ``mine``, every other
    seat's ``theirs`` (the same as ``mine`` unless given)."""
    import numpy as np

    theirs = theirs or mine
    p, q = mine.array(), theirs.array()
    cdf = np.cumsum(q)
    m = len(q)
    outcomes = np.flatnonzero(p)  # the seat's outcomes that can happen (Wizard's: every tenth point)
    # The polynomial in z, over the seat's outcomes: the product over the others of (below + at z),
    # where below and at are the chances that the other ends below the seat and level with it; the
    # coefficient of z^t is the chance that the others all end at most level, t of them level.
    poly = [np.ones(len(outcomes))]
    for other, score in enumerate(scores):
        if other == seat:
            continue
        # The other's outcome level with the seat's.
        j = outcomes + (scores[seat] + mine.low - score - theirs.low)
        at = np.where((j >= 0) & (j < m), q[np.clip(j, 0, m - 1)], 0.0)
        below = np.where(j - 1 >= m, 1.0, np.where(j - 1 >= 0, cdf[np.clip(j - 1, 0, m - 1)], 0.0))
        grown = [poly[0] * below]
        for t in range(1, len(poly)):
            grown.append(poly[t] * below + poly[t - 1] * at)
        grown.append(poly[-1] * at)
        poly = grown
    share = sum(coefficient / (t + 1) for t, coefficient in enumerate(poly))
    return float(np.dot(p[outcomes], share))


@dataclass(frozen=True)
class Standings:
    """Where the game stands before the current round: each seat's score, and the hand sizes of
    the rounds after the current one. With it a round's outcome turns into the chance to win."""

    scores: tuple[int, ...]
    rounds_after: tuple[int, ...]
    model: RoundPoints | None = field(default=None, compare=False, repr=False)  # None: the shipped one

    @classmethod
    def before_round(cls, game: Game, scores: Sequence[int], number: int) -> Standings:
        """The standings before round ``number`` (1 first) of the game's sequence, with ``scores``
        (an extra round after a tie has none after it)."""
        return cls(tuple(int(s) for s in scores), tuple((game.round_sizes() or [])[number:]))

    def chances(self, game: Game, round_points: Sequence[int]) -> list[float]:
        """Each seat's chance to win once the current round scores ``round_points``."""
        after = [s + p for s, p in zip(self.scores, round_points, strict=True)]
        return win_chances(game, after, self.rounds_after, self.model)

    def chance(self, game: Game, round_points: Sequence[int], seat: int) -> float:
        """``seat``'s chance to win once the current round scores ``round_points``."""
        after = [s + p for s, p in zip(self.scores, round_points, strict=True)]
        return (self.model or default_model()).chance(model_key(game), self.rounds_after, after, seat)

    def chance_alone(self, game: Game, own_points: int, seat: int, size: int) -> float:
        """``seat``'s chance to win once it scores ``own_points`` in the current round of ``size``
        cards, the others' points in it taken from the model (as in the rounds after it), not
        from how the round is played."""
        after = list(self.scores)
        after[seat] += own_points
        model = self.model or default_model()
        return model.chance_alone(model_key(game), size, self.rounds_after, after, seat)

    def situation(self, seat: int) -> str:
        """Where ``seat`` stands, in words: "you lead by 14 with 2 rounds after this one"."""
        lead = self.scores[seat] - max(s for other, s in enumerate(self.scores) if other != seat)
        if lead > 0:
            where = f"you lead by {lead}"
        elif lead < 0:
            where = f"you trail the leader by {-lead}"
        else:
            where = "you are level with the leader"
        left = len(self.rounds_after)
        if left == 0:
            return f"{where}, in the last round"
        return f"{where} with {left} round{'s' if left != 1 else ''} after this one"


def standings_of_match(match: Match, required: bool = True) -> Standings | None:
    """The standings before a whole game's last round (the one advice is asked about): the
    scores after the round before it (0 each before the first), the rounds after it. A game or
    options with no model of round points (`model_key`) are refused in one line, or, not
    ``required``, have none."""
    game = find(match.game)(len(match.players), match.options)
    if game.points_model() is None and not required:
        return None
    model_key(game)
    number = len(match.rounds)
    if number == 0:
        raise StichError("the game has no round yet to give advice in")
    if number >= 2 and len(match.scores) < number - 1:
        raise StichError(f"the game gives the scores after {len(match.scores)} rounds, not {number - 1}")
    scores = match.scores[number - 2] if number >= 2 else [0] * game.players
    return Standings.before_round(game, scores, number)
